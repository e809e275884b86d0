// Plain JavaScript, not TypeScript: this module is loaded by the password-strength worker thread
// (password-strength.worker.mjs), and Node 20 does not hand tsx's loader to worker threads
// (`--import tsx` in a worker's execArgv is ignored there), so the worker must run without it.
// The server imports it too, for the in-process fallback: one definition of what is checked.

/**
 * Only the first characters are analysed: zxcvbn's cost grows fast with length (a 128-digit
 * password took seconds), and a longer password is no weaker than its first 64 characters.
 */
export const ANALYSED_LENGTH = 64;
/** Caps zxcvbn's l33t variants, which made digit-heavy passwords cost up to a second. */
const L33T_MAX_SUBSTITUTIONS = 10;

/** @type {Promise<import('@zxcvbn-ts/core').ZxcvbnFactory> | null} */
let factory = null;

/**
 * The estimator with the common password lists, keyboard layouts and the word lists of our
 * languages that zxcvbn-ts ships (English, German, Spanish, Finnish, French, Italian, Dutch,
 * Polish; none exist for Danish, Norwegian or Swedish). Built once per thread that asks for it,
 * server-side only: the browser never loads these dictionaries. They take about 50 MB of the heap
 * that builds them (measured after a full collection: 5.3 MB before, 55.5 MB after), which is why
 * the server builds them in a worker thread of their own (ADR 0084). Wikipedia and surname lists
 * are left out: with them the dictionaries took about 2.5 times the heap, for little.
 */
export function loadEstimator() {
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
    /** @type {Record<string, string[]>} */
    const dictionary = { ...common.dictionary };
    languages.forEach((language, index) => {
      for (const [name, words] of Object.entries(language.dictionary)) {
        if (!/wikipedia|lastnames/i.test(name)) dictionary[`${name}-${index}`] = words;
      }
    });
    return new ZxcvbnFactory({ dictionary, graphs: common.adjacencyGraphs, maxLength: ANALYSED_LENGTH, l33tMaxSubstitutions: L33T_MAX_SUBSTITUTIONS });
  })();
  return factory;
}

/**
 * zxcvbn's score (0–4) of the analysed prefix of `password`, with `inputs` (lower-cased personal
 * words) counted as an attacker's first guesses.
 * @param {string} password
 * @param {string[]} inputs
 * @returns {Promise<number>}
 */
export async function scorePassword(password, inputs) {
  const estimator = await loadEstimator();
  return estimator.check(password.slice(0, ANALYSED_LENGTH), inputs).score;
}
