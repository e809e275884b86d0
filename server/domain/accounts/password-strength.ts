import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

/**
 * zxcvbn's score 3 ("safely unguessable", at least 10^8 guesses) is the least a new password
 * must reach: 'aaaaaaaa', eight spaces or 'password123' score 0, 'Sommer2024!' 3, the demo
 * members' 'rendezvous-demo' 3, 'correct horse battery' 4.
 */
export const MIN_PASSWORD_SCORE = 3;
/**
 * Only the first characters are analysed: zxcvbn's cost grows fast with length (a 128-digit
 * password took seconds), and a longer password is no weaker than its first 64 characters.
 */
const ANALYSED_LENGTH = 64;
/** Caps zxcvbn's l33t variants, which made digit-heavy passwords cost up to a second. */
const L33T_MAX_SUBSTITUTIONS = 10;

let factory: Promise<ZxcvbnFactory> | null = null;

/**
 * The estimator with the common password lists, keyboard layouts and the word lists of our
 * languages that zxcvbn-ts ships (English, German, Spanish, Finnish, French, Italian, Dutch,
 * Polish; none exist for Danish, Norwegian or Swedish). Built on first use, server-side only:
 * the browser never loads these dictionaries. Wikipedia and surname lists are left out: they
 * tripled the heap (35 MB instead of 14 MB) for little.
 */
function loadEstimator(): Promise<ZxcvbnFactory> {
  factory ??= (async () => {
    const [{ ZxcvbnFactory }, common, ...languages] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
      import('@zxcvbn-ts/language-de'),
      import('@zxcvbn-ts/language-es-es'),
      import('@zxcvbn-ts/language-fi'),
      import('@zxcvbn-ts/language-fr'),
      import('@zxcvbn-ts/language-it'),
      import('@zxcvbn-ts/language-nl-be'),
      import('@zxcvbn-ts/language-pl'),
    ]);
    const dictionary: Record<string, string[]> = { ...common.dictionary };
    languages.forEach((language, index) => {
      for (const [name, words] of Object.entries(language.dictionary as Record<string, string[]>)) {
        if (!/wikipedia|lastnames/i.test(name)) dictionary[`${name}-${index}`] = words;
      }
    });
    return new ZxcvbnFactory({ dictionary, graphs: common.adjacencyGraphs, maxLength: ANALYSED_LENGTH, l33tMaxSubstitutions: L33T_MAX_SUBSTITUTIONS });
  })();
  return factory;
}

/** Builds the dictionaries now, so the first sign-up does not wait for them. */
export function prepareStrengthCheck(): Promise<unknown> {
  return loadEstimator();
}

/**
 * Whether a password is too easy to guess. `personal` are words an attacker would try first for
 * this member: their e-mail address, its local part, their name, the site's name.
 */
export async function isTooGuessable(password: string, personal: string[]): Promise<boolean> {
  const estimator = await loadEstimator();
  const inputs = personal.filter((word) => word.length >= 3).map((word) => word.toLowerCase());
  return estimator.check(password.slice(0, ANALYSED_LENGTH), inputs).score < MIN_PASSWORD_SCORE;
}
