/**
 * The words people use to hide contact details from a filter: digits spelled out ("null eins
 * fünf …"), and "at" / "dot" written as words ("anna at gmail dot com"). Kept in code, not in
 * the operators' lists: they are how the phone and e-mail detectors read a text, not rules of
 * their own. Words are in their normalised form (lower case, accents folded, see `normalize`).
 */

const DIGIT_WORDS: Record<string, readonly string[]> = {
  en: ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'],
  de: ['null', 'eins', 'zwei', 'drei', 'vier', 'funf', 'sechs', 'sieben', 'acht', 'neun'],
  nl: ['nul', 'een', 'twee', 'drie', 'vier', 'vijf', 'zes', 'zeven', 'acht', 'negen'],
  fr: ['zero', 'un', 'deux', 'trois', 'quatre', 'cinq', 'six', 'sept', 'huit', 'neuf'],
  es: ['cero', 'uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve'],
  it: ['zero', 'uno', 'due', 'tre', 'quattro', 'cinque', 'sei', 'sette', 'otto', 'nove'],
  pl: ['zero', 'jeden', 'dwa', 'trzy', 'cztery', 'piec', 'szesc', 'siedem', 'osiem', 'dziewiec'],
  da: ['nul', 'en', 'to', 'tre', 'fire', 'fem', 'seks', 'syv', 'otte', 'ni'],
  sv: ['noll', 'ett', 'tva', 'tre', 'fyra', 'fem', 'sex', 'sju', 'atta', 'nio'],
  nb: ['null', 'en', 'to', 'tre', 'fire', 'fem', 'seks', 'sju', 'atte', 'ni'],
  fi: ['nolla', 'yksi', 'kaksi', 'kolme', 'nelja', 'viisi', 'kuusi', 'seitseman', 'kahdeksan', 'yhdeksan'],
};

/** "@" written out. */
const AT_WORDS = ['at', 'att', 'et', 'arobase', 'arroba', 'chiocciola', 'apenstaartje', 'malpa', 'snabel', 'krollalfa', 'miukumauku', 'klammeraffe'];
/** "." written out. */
const DOT_WORDS = ['dot', 'punkt', 'punt', 'point', 'punto', 'kropka', 'piste', 'prikk', 'pkt'];

/** Top-level domains that make "name dot com" a link and "name at host dot de" an address. */
export const COMMON_TLDS = new Set([
  'com', 'net', 'org', 'info', 'biz', 'de', 'nl', 'be', 'fr', 'es', 'it', 'pl', 'dk', 'se', 'no', 'fi', 'at', 'ch', 'uk', 'eu',
  'io', 'me', 'ly', 'co', 'app', 'link', 'xyz', 'ru', 'top', 'site', 'online', 'club', 'live', 'chat',
]); // prettier-ignore

/**
 * The digit each spelled word stands for in these languages. Every language's words are read
 * whatever the member's language ("one" and "eins" are not ordinary words anywhere), except
 * that a few short words that are common words elsewhere ("en", "to", "un", "et") only count
 * inside a run of digits (see the phone detector).
 */
export const DIGIT_BY_WORD: ReadonlyMap<string, string> = new Map(
  Object.values(DIGIT_WORDS).flatMap((words) => words.map((word, digit) => [word, String(digit)] as const)),
);

export const AT_WORD_SET: ReadonlySet<string> = new Set(AT_WORDS);
export const DOT_WORD_SET: ReadonlySet<string> = new Set(DOT_WORDS);
