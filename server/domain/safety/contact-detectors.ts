import { isValidIBAN } from 'ibantools';
import type { SafetyCategory } from '../../../contract/safety';
import { AT_WORD_SET, COMMON_TLDS, DIGIT_BY_WORD, DOT_WORD_SET } from './obfuscation-words';
import { tokenize, type Token } from './text-tokens';

/**
 * The contact details every site looks for, whatever the operators' lists say: phone numbers
 * (also spelled out or spaced), e-mail addresses (also "at … dot …"), links, IBANs, crypto
 * addresses and "@handles". Every expression has bounded repeats over classes that cannot
 * overlap, so a hostile text of any length is read in linear time.
 */

const TLD_ALTERNATION = [...COMMON_TLDS].join('|');
const EMAIL = /[a-z0-9._%+-]{1,64}@[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63}){0,3}\.[a-z]{2,12}/g;
const LINK = new RegExp(`https?://|www\\.|\\b[a-z0-9-]{2,63}\\.(?:${TLD_ALTERNATION})\\b`, 'g');
const IBAN_CANDIDATE = /\b[a-z]{2}\d{2}(?: ?[a-z0-9]){11,32}/gi;
const CRYPTO = /\b(?:bc1[ac-hj-np-z02-9]{25,59}|[13][a-km-zA-HJ-NP-Z1-9]{25,34}|0x[a-fA-F0-9]{40})\b/g;
const HANDLE = /(?:^|[^\p{L}\p{N}_@.])@[a-z0-9_.]{3,30}/u;
const CRYPTO_NORMALIZED = /\b(?:bc1[a-z0-9]{25,59}|0x[a-f0-9]{40})\b/g;
const DIGIT = /\d/;
/** A phone number has at least this many digits (a local number with its area code). */
const PHONE_MIN_DIGITS = 8;
const DATE_SHAPE = /^\d{1,2}\d{1,2}\d{4}$/;

/**
 * Finds contact details in a text already normalised with `normalize`; `original` keeps its
 * case (crypto addresses are case-sensitive). Found addresses and links are blanked out before
 * the next detector reads the text, so an IBAN's digits are not also a phone number.
 */
export function scanContacts(original: string, normalized: string): Set<SafetyCategory> {
  const found = new Set<SafetyCategory>();
  let rest = normalized;
  const take = (category: SafetyCategory, pattern: RegExp, accept: (match: string) => boolean = () => true) => {
    rest = rest.replace(pattern, (match) => {
      if (!accept(match)) return match;
      found.add(category);
      return ' '.repeat(match.length);
    });
  };
  // Most messages hold no digit, no "@" and no dot: the expressions that need one are not run
  // at all (every message passes here before it is sent, and the address expression alone cost
  // more than the rest of the screening). Blanking only removes characters, so a text without
  // them now has none later either.
  if (DIGIT.test(original)) {
    CRYPTO.lastIndex = 0;
    if (CRYPTO.test(original)) found.add('crypto');
  }
  if (DIGIT.test(rest)) {
    take('crypto', CRYPTO_NORMALIZED);
    take('iban', IBAN_CANDIDATE, isIbanInside);
  }
  const hasAt = rest.includes('@');
  if (hasAt) take('email', EMAIL);
  // Spelled addresses before links: "anna at gmail.com" is an address, not only a link.
  const before = rest;
  let tokens = tokenize(rest);
  if (hasSpelledAddress(tokens)) found.add('email');
  if (rest.includes('.') || rest.includes('://')) take('link', LINK);
  if (hasAt && HANDLE.test(rest)) found.add('messenger');
  // Tokenised again only if a link was blanked out meanwhile.
  if (rest !== before) tokens = tokenize(rest);
  if (!found.has('email') && hasSpelledLink(tokens)) found.add('link');
  if (hasPhoneNumber(tokens)) found.add('phone');
  return found;
}

/** An IBAN may be followed by ordinary words the candidate swallowed: try each length an IBAN can have. */
function isIbanInside(candidate: string): boolean {
  const compact = candidate.replace(/ /g, '').toUpperCase();
  for (let length = Math.min(34, compact.length); length >= 15; length -= 1) {
    if (isValidIBAN(compact.slice(0, length))) return true;
  }
  return false;
}

const isTld = (token: Token | undefined) => !!token && COMMON_TLDS.has(token.text);

/** "anna at gmail dot com", "anna (at) gmail.de", "anna[at]gmx punkt de". */
function hasSpelledAddress(tokens: Token[]): boolean {
  for (let index = 1; index < tokens.length - 2; index += 1) {
    const at = AT_WORD_SET.has(tokens[index].text) || tokens[index].gap.includes('@');
    if (!at) continue;
    const host = AT_WORD_SET.has(tokens[index].text) ? index + 1 : index;
    const dotWord = DOT_WORD_SET.has(tokens[host + 1]?.text ?? '');
    if (dotWord ? isTld(tokens[host + 2]) : tokens[host + 1]?.gap.includes('.') && isTld(tokens[host + 1])) return true;
  }
  return false;
}

/** "mysite dot com": a word, a spelled dot and a known top-level domain. */
function hasSpelledLink(tokens: Token[]): boolean {
  for (let index = 1; index < tokens.length - 1; index += 1) {
    if (DOT_WORD_SET.has(tokens[index].text) && isTld(tokens[index + 1])) return true;
  }
  return false;
}

/** The digits a token stands for: itself when it is all digits, or a spelled digit; else null. */
function digitsOf(token: Token): string | null {
  if (/^\d+$/.test(token.text)) return token.text;
  return DIGIT_BY_WORD.get(token.text) ?? null;
}

/**
 * A run of digits and spelled digits, whatever stands between them ("0152 123 45 67",
 * "0 1 5 2 …", "zero one five …"), with enough digits for a phone number. A run shaped like a
 * date (12.05.1990) is not one.
 */
function hasPhoneNumber(tokens: Token[]): boolean {
  let digits = '';
  let parts = 0;
  const isPhone = () => digits.length >= PHONE_MIN_DIGITS && !(parts === 3 && DATE_SHAPE.test(digits) && digits.length <= 8);
  for (const token of tokens) {
    const value = digitsOf(token);
    // A line break or a sentence ends a number; spaces, dashes, dots, slashes and brackets do not.
    if (value === null || /[\n!?;:]/.test(token.gap)) {
      if (isPhone()) return true;
      digits = value ?? '';
      parts = value === null ? 0 : 1;
      continue;
    }
    digits += value;
    parts += 1;
  }
  return isPhone();
}
