import { SAFETY_PATTERN_MAX_WILDCARDS, SAFETY_RULE_MAX_LENGTH, type SafetyRuleKind } from '../../../contract/safety';
import { AppError } from '../shared/app-error';
import { normalize, tokenize } from './text-tokens';

/**
 * Operators extend the lists with plain words, phrases and a small pattern syntax — never raw
 * regular expressions: an operator's `(a+)+$` could stall every chat send (ReDoS). The syntax
 * has no nesting and no unbounded repeat, so every pattern compiles to an expression that runs
 * in linear time:
 *
 * - `#` one digit, `?` one letter, `*` up to 12 letters or digits inside a word;
 * - a space: up to three spaces or punctuation marks ("0 1 5" also matches "0-1-5" and "015");
 * - letters, digits and `@ . + - '` stand for themselves (case and accents ignored).
 */
const PATTERN_CHARACTERS = /^[\p{L}\p{N} #?*@.+\-']+$/u;
const PHRASE_CHARACTERS = /^[\p{L}\p{N} .'\-]+$/u;

/** The stored form of an entry: normalised, single-spaced; throws a 400 the operator can act on. */
export function normalizeRuleEntry(kind: SafetyRuleKind, value: string): string {
  const entry = normalize(value).trim().replace(/\s+/g, ' ');
  if (entry.length > SAFETY_RULE_MAX_LENGTH) throw new AppError('safety_rule_too_long', { params: { max: SAFETY_RULE_MAX_LENGTH } });
  if (kind !== 'pattern' && !/[\p{L}\p{N}]/u.test(entry)) throw new AppError('safety_word_not_single');
  if (kind === 'word') {
    if (tokenize(entry).length !== 1 || tokenize(entry)[0].text !== entry) throw new AppError('safety_word_not_single');
    return entry;
  }
  if (kind === 'phrase') {
    if (!PHRASE_CHARACTERS.test(entry)) throw new AppError('safety_pattern_invalid', { params: { max: SAFETY_PATTERN_MAX_WILDCARDS } });
    return tokenize(entry)
      .map((token) => token.text)
      .join(' ');
  }
  checkPattern(entry);
  return entry;
}

function checkPattern(entry: string): void {
  if (!PATTERN_CHARACTERS.test(entry)) throw new AppError('safety_pattern_invalid', { params: { max: SAFETY_PATTERN_MAX_WILDCARDS } });
  const wildcards = (entry.match(/\*/g) ?? []).length;
  const literal = (entry.match(/[\p{L}\p{N}#]/gu) ?? []).length;
  // Side-by-side stars would only repeat each other; few literals would match nearly any text.
  if (wildcards > SAFETY_PATTERN_MAX_WILDCARDS || /\*\s*\*/.test(entry) || literal < 2) {
    throw new AppError('safety_pattern_too_loose', { params: { max: SAFETY_PATTERN_MAX_WILDCARDS } });
  }
}

const escapeLiteral = (character: string) => character.replace(/[.+\-?*\\]/g, '\\$&');

/** The expression of a stored pattern (already checked by `normalizeRuleEntry`). */
export function patternSource(entry: string): string {
  let source = '';
  for (const part of entry.match(/ +|[^ ]/g) ?? []) {
    if (part.startsWith(' ')) source += '[^\\p{L}\\p{N}]{0,3}';
    else if (part === '#') source += '\\p{N}';
    else if (part === '?') source += '\\p{L}';
    else if (part === '*') source += '[\\p{L}\\p{N}]{0,12}';
    else source += escapeLiteral(part);
  }
  return `(?<![\\p{L}\\p{N}])${source}(?![\\p{L}\\p{N}])`;
}
