import crypto from 'node:crypto';
import type { AuthThrottlesRepository } from '../../db/repositories/auth-throttles.repository';
import { AppError } from '../shared/app-error';
import type { Clock } from '../shared/clock';
import { accountKeyOf, type ClientIdentity } from './login-guard';

/**
 * Answers to "does this address have an account here?" (the spec's 'This email address already
 * owns an account on this website.') one client address may get in a day: a member who already
 * has an account needs one, an enumeration needs thousands (ADR 0051).
 */
export const ADDRESS_ANSWERS_PER_CLIENT_PER_DAY = 10;
/** Silent checks of one address from everyone together in a day (ADR 0051). */
export const ADDRESS_CHECKS_PER_ADDRESS_PER_DAY = 5;
const DAY = 86_400_000;

const keyOf = (...parts: string[]) => crypto.createHash('sha256').update(parts.join('\n')).digest('hex');

/**
 * Sign-up's address check rationed per client IP and per address. Each limit is asked before the
 * address is looked up, so a refusal is the same for a taken and a free address. The counters
 * sit beside the log-in and reset counters (ADR 0019).
 */
export function createAddressAnswerLimits(deps: { throttles: AuthThrottlesRepository; clock: Clock }) {
  const { throttles, clock } = deps;
  const clientKey = (client: ClientIdentity) => keyOf('address-answers', `ip:${client.ip}`);
  const addressKey = (siteId: number, email: string) => keyOf('address-checks', accountKeyOf(siteId, email));

  async function refuseWhenUsedUp(key: string, max: number): Promise<void> {
    if ((await throttles.find(key, DAY, clock.now())).hits >= max) throw new AppError('rate_limited');
  }
  const count = (key: string, siteId: number, email: string, max: number) =>
    throttles.hit({ key, kind: 'signup', accountKey: accountKeyOf(siteId, email), max, windowMs: DAY, blockUntil: null }, clock.now());

  return {
    /**
     * A form check naming an address (stores nothing, so it would be a silent probe): refused
     * once the client or the address used up its day, and counted whatever the answer.
     */
    async takeCheck(siteId: number, email: string, client: ClientIdentity): Promise<void> {
      await refuseWhenUsedUp(clientKey(client), ADDRESS_ANSWERS_PER_CLIENT_PER_DAY);
      await refuseWhenUsedUp(addressKey(siteId, email), ADDRESS_CHECKS_PER_ADDRESS_PER_DAY);
      await count(clientKey(client), siteId, email, ADDRESS_ANSWERS_PER_CLIENT_PER_DAY);
      await count(addressKey(siteId, email), siteId, email, ADDRESS_CHECKS_PER_ADDRESS_PER_DAY);
    },

    /**
     * A sign-up: refused once the client used up its day. Not held back per address: a sign-up
     * of a free address creates the account and mails it, so it is no silent probe, and a
     * stranger's checks must not keep the address's owner from signing up.
     */
    assertSignupAllowed: (client: ClientIdentity) => refuseWhenUsedUp(clientKey(client), ADDRESS_ANSWERS_PER_CLIENT_PER_DAY),

    /** A sign-up answered 'already owns an account': counted like a check. */
    async countTakenAnswer(siteId: number, email: string, client: ClientIdentity): Promise<void> {
      await count(clientKey(client), siteId, email, ADDRESS_ANSWERS_PER_CLIENT_PER_DAY);
      await count(addressKey(siteId, email), siteId, email, ADDRESS_CHECKS_PER_ADDRESS_PER_DAY);
    },
  };
}

export type AddressAnswerLimits = ReturnType<typeof createAddressAnswerLimits>;
