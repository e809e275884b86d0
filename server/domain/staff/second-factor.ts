import crypto from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/** RFC 6238 defaults every authenticator app understands: SHA-1, six digits, 30 seconds. */
const PERIOD_SECONDS = 30;
/** A code from the step before or after is accepted too: phones' clocks drift. */
const WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** The name authenticator apps show beside the console's codes. */
export const TOTP_ISSUER = 'Rendezvous console';

const totpFor = (secret: string, label: string, issuer: string) =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(secret) });

/** A fresh 160-bit secret (RFC 4226's recommended length), base32 as authenticator apps take it. */
export function createTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The enrolment QR code (an `otpauth://` URI) as an SVG image, and the URI for manual entry. */
export async function enrolmentCode(secret: string, label: string, issuer: string): Promise<{ uri: string; qrSvg: string }> {
  const uri = totpFor(secret, label, issuer).toString();
  return { uri, qrSvg: await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }) };
}

/**
 * The time step a valid code belongs to, or null. A caller accepts it only when it is later than
 * the last step it accepted, so a code seen over someone's shoulder cannot be replayed.
 */
export function matchTotp(secret: string, code: string, now: Date): number | null {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpFor(secret, 'check', 'check').validate({ token, timestamp: now.getTime(), window: WINDOW });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
}

/** The code an authenticator shows at a moment (the demo seed and tests use it). */
export function currentTotp(secret: string, now: Date): string {
  return totpFor(secret, 'check', 'check').generate({ timestamp: now.getTime() });
}

/** Ten one-time codes like `7KQ2-M9XD-4TPA`, shown once; only their hashes are kept. */
export function createRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 12 }, () => alphabet[crypto.randomInt(alphabet.length)]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
  });
  return { codes, hashes: codes.map(hashRecoveryCode) };
}

export function hashRecoveryCode(code: string): string {
  return crypto
    .createHash('sha256')
    .update(code.toUpperCase().replace(/[^A-Z0-9]/g, ''))
    .digest('hex');
}
