import crypto from 'node:crypto';
import { electronicFormatIBAN, isSEPACountry, isValidIBAN } from 'ibantools';

/**
 * The IBAN in electronic format (no spaces, upper case) when it checks out and belongs to a SEPA
 * country, otherwise null. A valid Brazilian IBAN cannot be debited through SEPA.
 */
export function normalizeSepaIban(input: string): string | null {
  const iban = electronicFormatIBAN(input);
  if (!iban || !isValidIBAN(iban)) return null;
  return isSEPACountry(iban.slice(0, 2)) ? iban : null;
}

/**
 * A mobile number as SMS gateways take it: digits with an optional leading `+` (`00` becomes
 * `+`); spaces, dashes, dots and brackets dropped. Null when it cannot be a phone number.
 */
export function normalizeMobile(input: string): string | null {
  const compact = input
    .trim()
    .replace(/[\s().-]/g, '')
    .replace(/^00/, '+');
  return /^\+?\d{6,15}$/.test(compact) ? compact : null;
}

/** Shown back to the member ("we sent a code to •••••••678"): enough to recognise, not to copy. */
export function maskMobile(mobile: string): string {
  const digits = mobile.replace(/\D/g, '');
  const visible = digits.slice(-3);
  return `${'•'.repeat(Math.max(digits.length - visible.length, 0))}${visible}`;
}

/** A six-digit code from the CSPRNG, leading zeros kept. */
export const generateSmsCode = () => String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');

/** Only the hash is stored: a database leak does not reveal live codes. */
export const hashSmsCode = (code: string) => crypto.createHash('sha256').update(code.trim()).digest('hex');

/** Compares in constant time, so the response time says nothing about how close a guess was. */
export function isSameCode(code: string, storedHash: string): boolean {
  const given = Buffer.from(hashSmsCode(code), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && crypto.timingSafeEqual(given, stored);
}
