import crypto from 'node:crypto';
import type { AuthThrottlesRepository } from '../../db/repositories/auth-throttles.repository';
import type { SiteRow } from '../../db/schema/index';
import { AppError } from '../shared/app-error';
import type { Clock } from '../shared/clock';
import { hashToken } from './session-tokens';

/**
 * Whose accounts and which limits: a site (its id scopes the addresses, its settings give the
 * attempts and minutes), or the console's staff, scoped apart from every site.
 */
export type LockoutScope = Pick<SiteRow, 'id' | 'loginMaxAttempts' | 'loginBlockMinutes'>;

/** Who is knocking: the address the request came from and the browser's long-lived device cookie. */
export interface ClientIdentity {
  ip: string;
  /** The device cookie's value (random, HttpOnly); absent for clients that keep no cookies. */
  deviceId?: string;
}

/** A device that proved it belongs to an account stays trusted this long after the last proof. */
export const TRUSTED_DEVICE_DAYS = 30;
/**
 * Untrusted clients together may fail this many times the site's per-client limit within the
 * site's window before all of them are locked out of the account (a guesser with many
 * addresses); trusted devices and the reset link still work.
 */
export const UNTRUSTED_FAILURE_FACTOR = 10;
const DAY = 86_400_000;
/** Stale counters are swept after every this many hits in a process: cheap, and bounded. */
const PURGE_EVERY_HITS = 500;

/** One request's view of an account: who it is for and how its client is counted. */
export interface Attempt {
  accountKey: string;
  /** `device:<hash>` for a device trusted by this account, else `ip:<address>`. */
  clientKey: string;
  deviceHash: string | null;
  trusted: boolean;
}

/** Hash of site and address: the same for a known and an unknown address, so no answer differs. */
export function accountKeyOf(siteId: number, email: string): string {
  return hashToken(`${siteId}:${email.trim().toLowerCase()}`);
}

const keyOf = (...parts: string[]) => crypto.createHash('sha256').update(parts.join('\n')).digest('hex');

/**
 * The lockout of spec §4/§8 ('Too many incorrect attempts, account blocked for {minutes} min.'),
 * counted per account and client (ADR 0019): a stranger's wrong guesses lock out that stranger,
 * not the owner. Failed log-ins and failed current-password checks (password change, e-mail
 * change, deletion) count alike. Unknown addresses are counted and locked exactly as known ones.
 */
export function createLoginGuard(deps: { throttles: AuthThrottlesRepository; clock: Clock }) {
  const { throttles, clock } = deps;
  let hitsSincePurge = 0;
  const windowOf = (site: LockoutScope) => site.loginBlockMinutes * 60_000;
  const untrustedKey = (attempt: Attempt) => keyOf('login-untrusted', attempt.accountKey);
  const clientKey = (attempt: Attempt) => keyOf('login', attempt.accountKey, attempt.clientKey);
  const locked = (until: Date) =>
    new AppError('account_locked', { params: { minutes: Math.max(1, Math.ceil((until.getTime() - clock.now().getTime()) / 60_000)) } });

  async function sweepNowAndThen() {
    if (++hitsSincePurge < PURGE_EVERY_HITS) return;
    hitsSincePurge = 0;
    const now = clock.now();
    await throttles.purge(new Date(now.getTime() - DAY), now, new Date(now.getTime() - TRUSTED_DEVICE_DAYS * DAY));
  }

  return {
    /** How this request is counted for the account behind `email`. */
    async identify(site: LockoutScope, email: string, client: ClientIdentity): Promise<Attempt> {
      const accountKey = accountKeyOf(site.id, email);
      const deviceHash = client.deviceId ? hashToken(client.deviceId) : null;
      const since = new Date(clock.now().getTime() - TRUSTED_DEVICE_DAYS * DAY);
      const trusted = deviceHash ? await throttles.isTrusted(accountKey, deviceHash, since) : false;
      return { accountKey, deviceHash, trusted, clientKey: trusted ? `device:${deviceHash}` : `ip:${client.ip}` };
    },

    /** Throws `account_locked` (with the minutes left) while this client may not try. */
    async assertNotLocked(site: LockoutScope, attempt: Attempt): Promise<void> {
      const now = clock.now();
      const own = await throttles.find(clientKey(attempt), windowOf(site), now);
      if (own.blockedUntil) throw locked(own.blockedUntil);
      if (attempt.trusted) return;
      const shared = await throttles.find(untrustedKey(attempt), windowOf(site), now);
      if (shared.blockedUntil) throw locked(shared.blockedUntil);
    },

    /** Counts a wrong password; throws `account_locked` when this one reached a limit. */
    async recordFailure(site: LockoutScope, attempt: Attempt): Promise<void> {
      const now = clock.now();
      const windowMs = windowOf(site);
      const blockUntil = new Date(now.getTime() + windowMs);
      const own = await throttles.hit(
        { key: clientKey(attempt), kind: 'login', accountKey: attempt.accountKey, max: site.loginMaxAttempts, windowMs, blockUntil },
        now,
      );
      const shared = attempt.trusted
        ? null
        : await throttles.hit(
            {
              key: untrustedKey(attempt),
              kind: 'login',
              accountKey: attempt.accountKey,
              max: site.loginMaxAttempts * UNTRUSTED_FAILURE_FACTOR,
              windowMs,
              blockUntil,
            },
            now,
          );
      await sweepNowAndThen();
      const until = own.blockedUntil ?? shared?.blockedUntil;
      if (until) throw locked(until);
    },

    /** The right password: this client's count starts over and its device becomes trusted. */
    async recordSuccess(attempt: Attempt): Promise<void> {
      await throttles.clear(clientKey(attempt));
      if (attempt.deviceHash) await throttles.trust(attempt.accountKey, attempt.deviceHash, clock.now());
    },

    /** Trusts a device that proved the account another way (the sign-up, a reset link). */
    async trustDevice(account: { siteId: number; email: string }, client: ClientIdentity | undefined): Promise<void> {
      if (client?.deviceId) await throttles.trust(accountKeyOf(account.siteId, account.email), hashToken(client.deviceId), clock.now());
    },

    /** A completed password reset lifts every lockout of the account: the link always gets the owner back in. */
    liftLockouts: (account: { siteId: number; email: string }) => throttles.clearAccount(accountKeyOf(account.siteId, account.email), 'login'),
  };
}

export type LoginGuard = ReturnType<typeof createLoginGuard>;
