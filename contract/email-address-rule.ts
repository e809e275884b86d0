/**
 * The e-mail address rule without zod, so a visitor's page (the sign-up's "did you mean" hint)
 * can check an address without loading every schema; `email-address.ts` builds the API field on it.
 */

/** RFC 5321 §4.5.3.1: at most 64 octets before the @ and 254 in all (a path's 256 less its brackets). */
export const MAX_LOCAL_PART_LENGTH = 64;
export const MAX_EMAIL_ADDRESS_LENGTH = 254;
const MAX_DOMAIN_LENGTH = 253;
const MAX_LABEL_LENGTH = 63;

/** RFC 5322 `atext`: letters, digits and these; no quotes, commas, spaces, brackets, @ or control characters. */
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
/** A host name label (letters of any script for internationalised domains), no hyphen at either end. */
const LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?$/u;
/** A top-level domain: letters only, or its A-label (`xn--…`). */
const TOP_LEVEL = /^(?:\p{L}{2,}|xn--[a-z0-9-]+)$/iu;

/**
 * The one rule for an e-mail address wherever one is accepted (sign-up, e-mail change, password
 * reset, staff invitations, the console): a dot-atom local part of at most 64 characters, one @,
 * and a host name of dotted labels ending in a real top-level domain, at most 254 in all. Quoted
 * local parts, comments, address lists (`a,b@c`), display names (`<a@b>`) and IP literals are
 * refused: a member's address is something to send mail to, not a header to parse.
 */
export function isEmailAddress(value: string): boolean {
  if (value.length > MAX_EMAIL_ADDRESS_LENGTH) return false;
  const at = value.indexOf('@');
  if (at < 1 || at !== value.lastIndexOf('@')) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (local.length > MAX_LOCAL_PART_LENGTH || !LOCAL_PART.test(local)) return false;
  if (domain.length > MAX_DOMAIN_LENGTH) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  if (!labels.every((label) => label.length <= MAX_LABEL_LENGTH && LABEL.test(label))) return false;
  return TOP_LEVEL.test(labels[labels.length - 1]);
}
