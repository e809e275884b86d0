import crypto from 'node:crypto';
import { NOTIFICATION_TYPES, type NotificationType } from '../../../contract/notifications';

/** What an unsubscribe link names: whose mail of which kind to switch off. */
export interface UnsubscribeClaim {
  userId: number;
  kind: NotificationType;
}

const FORMAT = /^(\d{1,10})\.([a-z_]{1,40})\.([A-Za-z0-9_-]{43})$/;

/**
 * Signed unsubscribe tokens, `<member id>.<kind>.<HMAC-SHA256 base64url>`. They need no expiry:
 * switching a kind off is what the member may always do, and a link in an old mail should keep
 * working (RFC 8058 expects it to). Verification is constant-time so a forger learns nothing
 * from how long a wrong signature took to refuse.
 */
export function createUnsubscribeTokens(secret: string) {
  const sign = (userId: number, kind: string) => crypto.createHmac('sha256', secret).update(`unsubscribe:${userId}:${kind}`).digest('base64url');
  return {
    issue(userId: number, kind: NotificationType): string {
      return `${userId}.${kind}.${sign(userId, kind)}`;
    },
    /** The claim of a genuine token, or null for anything malformed, tampered or of another secret. */
    verify(token: string): UnsubscribeClaim | null {
      const match = FORMAT.exec(token);
      if (!match) return null;
      const [, id, kind, signature] = match;
      if (!(NOTIFICATION_TYPES as readonly string[]).includes(kind)) return null;
      const userId = Number(id);
      if (!Number.isSafeInteger(userId) || userId < 1 || userId > 2_147_483_647) return null;
      const expected = Buffer.from(sign(userId, kind));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
      return { userId, kind: kind as NotificationType };
    },
  };
}

export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;
