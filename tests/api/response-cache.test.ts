// The response cache on its own: answers only for the stored version, keeps the newest, stays bounded.
import { ResponseCache } from '../../server/services/response-cache.js';

const body = (text: string) => Buffer.from(text);
const sized = (bytes: number) => Buffer.alloc(bytes, 'x');

describe('ResponseCache', () => {
  it('answers a key only for the version it was stored under', () => {
    const cache = new ResponseCache();
    cache.set('1|GET|/api/months/', 3, body('[1]'));

    expect(cache.get('1|GET|/api/months/', 3)?.toString()).toBe('[1]');
    expect(cache.get('1|GET|/api/months/', 4)).toBeUndefined();
    expect(cache.get('1|GET|/api/months/', 2)).toBeUndefined();
    expect(cache.get('2|GET|/api/months/', 3)).toBeUndefined();
  });

  it('replaces an older version, but never a newer one with an older one', () => {
    const cache = new ResponseCache();
    cache.set('k', 1, body('old'));
    cache.set('k', 2, body('new'));
    // A reader that read version 1, then finished after the one that stored version 2.
    cache.set('k', 1, body('late'));

    expect(cache.get('k', 2)?.toString()).toBe('new');
    expect(cache.get('k', 1)).toBeUndefined();
    expect(cache.size).toBe(1);
    expect(cache.totalBytes).toBe(3);
  });

  it('evicts the least recently used entry beyond maxEntries', () => {
    const cache = new ResponseCache({ maxEntries: 2 });
    cache.set('a', 1, body('a'));
    cache.set('b', 1, body('b'));
    cache.get('a', 1);
    cache.set('c', 1, body('c'));

    expect(cache.size).toBe(2);
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('a', 1)?.toString()).toBe('a');
    expect(cache.get('c', 1)?.toString()).toBe('c');
  });

  it('evicts the least recently used bodies beyond maxTotalBytes', () => {
    const cache = new ResponseCache({ maxTotalBytes: 100 });
    cache.set('a', 1, sized(40));
    cache.set('b', 1, sized(40));
    cache.set('c', 1, sized(40));

    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.size).toBe(2);
    expect(cache.totalBytes).toBe(80);
  });

  it('does not keep a body over maxBodyBytes, and drops what the key held', () => {
    const cache = new ResponseCache({ maxBodyBytes: 10 });
    cache.set('k', 1, sized(10));
    cache.set('k', 2, sized(11));

    expect(cache.get('k', 1)).toBeUndefined();
    expect(cache.get('k', 2)).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.totalBytes).toBe(0);
  });

  it('stays within its default bounds under many keys', () => {
    const cache = new ResponseCache();
    for (let i = 0; i < 10_500; i += 1) cache.set(`1|GET|/api/journals/?month=${i}`, 1, body('[]'));

    expect(cache.size).toBe(10_000);
    expect(cache.get('1|GET|/api/journals/?month=0', 1)).toBeUndefined();
    expect(cache.get('1|GET|/api/journals/?month=10499', 1)?.toString()).toBe('[]');
  });
});
