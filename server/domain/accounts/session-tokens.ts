import crypto from 'node:crypto';

/** A random token for a cookie or an e-mail link; only its hash is ever stored. */
export function createToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** A short, non-secret name for a session, for telling its sockets apart (never the token itself). */
export const sessionFingerprint = (token: string) => fingerprintOfHash(hashToken(token));

/** The same name from the stored hash, for sessions ended by member rather than by cookie. */
export const fingerprintOfHash = (tokenHash: string) => tokenHash.slice(0, 16);
