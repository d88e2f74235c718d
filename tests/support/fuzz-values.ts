// fast-check values a careless or hostile client could send: odd strings and numbers, any JSON, broken path segments.
import fc from 'fast-check';

export const oddStrings = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '1e400',
  '-1e400',
  'Infinity',
  '-Infinity',
  'NaN',
  '12.5',
  ' 7 ',
  '0x1F',
  'true',
  'false',
  '0',
  '-1',
  '2147483648',
  '9'.repeat(400),
  '\u202e\u0301\ud83d\ude00',
  '\ud800',
  '<script>alert(1)</script>',
  "'; drop table months; --",
);

/** Anything a client could put in a field. */
export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.integer({ min: -3, max: 12 }),
  fc.double(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -0, 1e12, 1e12 + 1, 2 ** 31, -(2 ** 31)),
  oddStrings,
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ minLength: 45, maxLength: 300 }),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
);

/** Request bodies that are not what any route expects: other JSON, broken JSON, plain text. */
export const garbageBody = fc.oneof(
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.constantFrom(
    'null',
    '[]',
    '"x"',
    '1',
    '{',
    '{"name":',
    '{"metric": 1e400}',
    '{"month_id": 1e400, "name": "x"}',
    '{"name": "\\u0000"}',
    '{"__proto__": {"name": "x"}}',
    '{"constructor": {"prototype": {}}}',
    '',
  ),
  fc.string({ maxLength: 40 }),
);

/** Text of any value as it would appear in a URL; dictionaries have no prototype, so no String(). */
export const toText = (value: unknown): string =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined');

/** encodeURIComponent throws on lone surrogates; a client would have sent U+FFFD. */
export const encodeSegment = (text: string): string =>
  encodeURIComponent(text.replace(/[\ud800-\udfff]/gu, '\ufffd'));

/** Path segments, already encoded, that are no id: odd numbers, any text, broken percent-escapes. */
export const oddSegment = fc.oneof(
  fc.constantFrom('0', '-1', '1.5', '1e3', '0x10', 'Infinity', 'NaN', '9'.repeat(30), 'x'),
  fc.constantFrom('%', '%zz', '%E0%A4%A', '%00', '%2F', '..', '1%20', '%C0%AF'),
  fc.string({ maxLength: 12 }).map(encodeSegment),
);
