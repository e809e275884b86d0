import fc from 'fast-check';

/**
 * Values a careless or hostile client sends where the API expects something else: the inputs
 * behind every server error the fuzzing session found (NUL bytes, ids past the integer column,
 * wrong types), and their relatives.
 */

/** Control characters: NUL, the rest of C0, DEL and C1. */
const CONTROLS = ['\u0000', '\u0001', '\u0007', '\u0008', '\u000b', '\u000c', '\u001b', '\u001f', '\u007f', '\u0085', '\u009f'];

const shortHostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '%00',
    '\t\n\r',
    '\ud800',
    'a\udc00b',
    '\ufeff',
    '\u202e\u2066evil',
    '😀👩‍👩‍👧‍👦',
    'ÄÖÜ ß ø å æ ł ż',
    'ﷺ 𒐫 ẞ',
    '<img src=x onerror=alert(1)>',
    "' OR 1=1 --",
    '../../../etc/passwd',
    '${7*7}{{7*7}}',
    '2147483648',
    '-1',
    '1e400',
    'NaN',
    'null',
    'true',
    '[]',
    '{}',
    '__proto__',
    'constructor',
  ),
  fc
    .constantFrom(...CONTROLS)
    .chain((control) => fc.tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 })).map(([head, tail]) => `${head}${control}${tail}`)),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer({ min: 65, max: 2000 }).map((length) => 'x'.repeat(length)),
);

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 9, arbitrary: shortHostileString },
  // Past every text limit (a message's 20,000 characters included), inside the 1 MB body limit.
  { weight: 1, arbitrary: fc.integer({ min: 20_001, max: 70_000 }).map((length) => 'x'.repeat(length)) },
);

/** Numbers around the edges of every numeric column and of JavaScript itself. */
export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, -0, -1, 1.5, 0.1, 2 ** 31 - 1, 2 ** 31, 2 ** 32, 2 ** 53 - 1, 2 ** 53, 2 ** 63, 1e21, 1e308, -1e308, Number.MIN_VALUE),
  fc.integer({ min: 2 ** 31, max: Number.MAX_SAFE_INTEGER }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Anything JSON can carry, of the wrong shape for most fields. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [1, 2], { id: 1 }, ['a\u0000'], { $gt: '' }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Percent-encodes every byte of the UTF-8 form (a lone surrogate, which `encodeURIComponent` refuses, becomes U+FFFD). */
export function percentEncode(value: string): string {
  return [...Buffer.from(value, 'utf8')]
    .map((byte) => (/[A-Za-z0-9_.~-]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`))
    .join('');
}

/** A query-string value as it travels: already a string, percent-encoded or not. */
export const hostileQueryValue: fc.Arbitrary<string> = fc.oneof(
  shortHostileString.map(percentEncode),
  hostileNumber.map(String),
  fc.constantFrom(
    '%00',
    '%',
    '%ZZ',
    '%E0%A4%A',
    '%C0%80',
    '%ED%A0%80',
    '+',
    '%2B',
    '&',
    '=',
    '1%00',
    '2147483648',
    '9007199254740993',
    '-5',
    '1.5',
    '0x10',
    '1e3',
    '',
  ),
);
