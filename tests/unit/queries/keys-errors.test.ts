import { HTTPError } from 'ky';
import { listMonths } from '../../../src/api/months';
import { errorMessage, errorStatus, isHttpError } from '../../../src/queries/errors';
import {
  billingKeys,
  dailyHabitKeys,
  dailyMeasureKeys,
  goalKeys,
  habitKeys,
  journalKeys,
  measureKeys,
  monthKeys,
} from '../../../src/queries/keys';
import { failing } from '../msw/responses';
import { server, setupMswServer } from '../msw/server';

describe('query keys', () => {
  it("puts everything of a month under ['months', id]", () => {
    const keys = [
      monthKeys.detail(7),
      journalKeys.list(7),
      goalKeys.list(7),
      habitKeys.list(7),
      measureKeys.list(7),
      dailyHabitKeys.list(7),
      dailyMeasureKeys.list(7),
    ];
    for (const key of keys) expect(key.slice(0, 2)).toEqual(monthKeys.scope(7));
    expect(new Set(keys.map((k) => JSON.stringify(k))).size).toBe(keys.length);
  });

  it('keeps the months list outside any one month', () => {
    expect(monthKeys.list()).toEqual(['months', 'list']);
    expect(billingKeys.status()).not.toEqual(billingKeys.launchOffer());
  });
});

describe('error helpers', () => {
  setupMswServer();

  it('tells a failure status from an exception', async () => {
    server.use(failing('get', 'api/months/', 404));
    const httpError: unknown = await listMonths().catch((e: unknown) => e);
    expect(httpError).toBeInstanceOf(HTTPError);
    expect(isHttpError(httpError)).toBe(true);
    expect(isHttpError(new TypeError('Failed to fetch'))).toBe(false);
    expect(errorStatus(httpError)).toBe(404);
    expect(errorStatus(new Error('x'))).toBeNull();
  });

  it('gives a message for any thrown value', () => {
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
    expect(errorMessage('plain')).toBe('plain');
  });
});
