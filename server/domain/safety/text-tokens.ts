/** Letters that Unicode does not split into a base letter and an accent. */
const FOLDED: Record<string, string> = { ł: 'l', ø: 'o', æ: 'ae', ß: 'ss', đ: 'd', ð: 'd', þ: 'th', œ: 'oe', ı: 'i' };
const FOLDABLE = /[łøæßđðþœı]/g;
const MARKS = /\p{M}+/gu;

/**
 * The form every comparison uses: lower case, accents dropped ("Fünf" → "funf", "pięć" →
 * "piec"), compatibility forms unified (full-width digits, ligatures). Keeps the length of
 * nothing in particular: callers match on the result only.
 */
export function normalize(text: string): string {
  return text
    .normalize('NFKD')
    .replace(MARKS, '')
    .toLowerCase()
    .replace(FOLDABLE, (letter) => FOLDED[letter]);
}

export interface Token {
  /** Letters and digits only, normalised. */
  text: string;
  /** What stands between the previous token and this one (spaces, punctuation), as written. */
  gap: string;
}

const WORD = /[\p{L}\p{N}]+/gu;

/** The words of a normalised text, each with the punctuation before it. One linear pass. */
export function tokenize(normalized: string): Token[] {
  const tokens: Token[] = [];
  let last = 0;
  for (const match of normalized.matchAll(WORD)) {
    tokens.push({ text: match[0], gap: normalized.slice(last, match.index) });
    last = match.index + match[0].length;
  }
  return tokens;
}

/**
 * Single letters written apart ("w h a t s a p p", "w.h.a.t.s.a.p.p") joined back into the
 * word they spell, so word lists catch them too. Runs of at least three letters only.
 */
export function joinSpelledWords(tokens: Token[]): string[] {
  const words: string[] = [];
  let run = '';
  const flush = () => {
    if (run.length >= 3) words.push(run);
    run = '';
  };
  for (const token of tokens) {
    if (token.text.length === 1 && /\p{L}/u.test(token.text)) run += token.text;
    else flush();
  }
  flush();
  return words;
}
