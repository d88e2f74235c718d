// @vitest-environment node
// splitMatches: marks what a folded search matched in the original highlight.
import { splitMatches } from '../../../src/components/search/match-ranges';

const marked = (text: string, words: string[]) =>
  splitMatches(text, words)
    .map((part) => (part.match ? `[${part.text}]` : part.text))
    .join('');

describe('splitMatches', () => {
  it('marks accented and upper-case letters matched by folded words', () => {
    expect(marked('Un CAFÉ au Café', ['cafe'])).toBe('Un [CAFÉ] au [Café]');
  });

  it('marks every word, overlapping or not, and keeps the text whole', () => {
    expect(marked('river dog riverdog', ['river', 'dog'])).toBe('[river] [dog] [riverdog]');
    const parts = splitMatches('Straße ﬁne', ['strasse', 'fine']);
    expect(parts.map((p) => p.text).join('')).toBe('Straße ﬁne');
    expect(marked('Straße ﬁne', ['strasse', 'fine'])).toBe('[Straße] [ﬁne]');
  });

  it('keeps a combining accent with its letter', () => {
    expect(marked('Cafe\u0301!', ['cafe'])).toBe('[Cafe\u0301]!');
  });

  it('leaves text without matches as one part', () => {
    expect(splitMatches('Tea time', ['coffee'])).toEqual([{ text: 'Tea time', match: false }]);
  });
});
