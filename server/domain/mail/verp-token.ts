import crypto from 'node:crypto';
import type { MailStream } from '../../adapters/mail/mail.port';
import type { MailStreamsConfig } from './mail-streams';

/** What a bounce address's token names: an account, and the MAC that ties it to one address. */
export interface VerpClaim {
  userId: number;
  mac: string;
}

/** `<account id in base 36>-<24 hex digits>`: lower case only, as some MTAs fold local parts. */
const FORMAT = /^([0-9a-z]{1,7})-([0-9a-f]{24})$/;
const MAC_LENGTH = 24;
/** RFC 5321's limit on a local part. */
export const MAX_LOCAL_PART = 64;

/**
 * VERP tokens for bounce addresses (`bounces+<token>@site`). The token carries an account id
 * and a keyed MAC (HMAC-SHA256, 96 bits kept) of that account's address, so the address itself
 * never appears in it, the same recipient always gets the same token, and a bounce can be tied
 * back to the address only by someone holding the key. Checking needs the account's current
 * address: a token of an address the member has since changed no longer verifies, so a late
 * bounce of the old address cannot stop mail to the new one.
 */
export function createVerpTokens(secret: string) {
  // `verp:` keeps these MACs apart from the unsubscribe links signed with the same secret.
  const macOf = (userId: number, email: string) =>
    crypto.createHmac('sha256', secret).update(`verp:${userId}:${email.trim().toLowerCase()}`).digest('hex').slice(0, MAC_LENGTH);
  return {
    issue(userId: number, email: string): string {
      return `${userId.toString(36)}-${macOf(userId, email)}`;
    },
    /** The account a well-formed token names, before it is checked against that account's address. */
    read(token: string): VerpClaim | null {
      const match = FORMAT.exec(token.toLowerCase());
      if (!match) return null;
      const userId = parseInt(match[1], 36);
      if (!Number.isSafeInteger(userId) || userId < 1 || userId > 2_147_483_647) return null;
      return { userId, mac: match[2] };
    },
    /** Whether the claim's MAC is the one of this address (constant time). */
    matches(claim: VerpClaim, email: string): boolean {
      const expected = Buffer.from(macOf(claim.userId, email));
      const given = Buffer.from(claim.mac);
      return given.length === expected.length && crypto.timingSafeEqual(given, expected);
    },
  };
}

export type VerpTokens = ReturnType<typeof createVerpTokens>;

/**
 * The token and stream of an envelope recipient `<bounce local part>+<token>@domain`, or null
 * when the address is not one of the configured bounce addresses or carries no token.
 */
export function verpTokenOfAddress(address: string, streams: MailStreamsConfig): { token: string; stream: MailStream } | null {
  const match = /^<?\s*([^\s@<>+]+)\+([^\s@<>]+)@[^\s@<>]+?\s*>?$/.exec(address.trim());
  if (!match) return null;
  const base = match[1].toLowerCase();
  const stream = (['bulk', 'transactional'] as const).find((name) => streams[name].returnPathLocalPart.toLowerCase() === base);
  return stream ? { token: match[2], stream } : null;
}
