import type { SessionsRepository } from '../../db/repositories/sessions.repository';
import type { Clock } from '../shared/clock';
import { createToken, fingerprintOfHash, hashToken } from './session-tokens';

/** Spec §9: the log-in cookie lasts 30 days. */
export const SESSION_DAYS = 30;
export const SESSION_MAX_AGE_SECONDS = SESSION_DAYS * 24 * 60 * 60;

/** Tells the open tabs of ended sessions, on every instance, that they are logged out. */
export interface SessionEvents {
  sessionsEnded(userId: number, fingerprints: string[]): Promise<void>;
}

/** Tells the open tabs of sessions ended in a committed write (`endAllSessions`) that they are logged out. */
export async function announceEndedSessions(events: SessionEvents | undefined, userId: number | null, hashes: string[]): Promise<void> {
  if (userId !== null && hashes.length) await events?.sessionsEnded(userId, hashes.map(fingerprintOfHash));
}

export function createSessionsService(deps: { sessions: SessionsRepository; clock: Clock; events?: SessionEvents }) {
  const announce = (userId: number | null, hashes: string[]) => announceEndedSessions(deps.events, userId, hashes);
  return {
    /** Starts a session; the returned token goes into the cookie and nowhere else. */
    async start(userId: number, userAgent: string | undefined): Promise<string> {
      const { token, hash } = createToken();
      const now = deps.clock.now();
      await deps.sessions.insert({
        tokenHash: hash,
        userId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + SESSION_MAX_AGE_SECONDS * 1000),
        userAgent: userAgent?.slice(0, 300),
      });
      return token;
    },
    /** The member behind a cookie's token, or null. */
    findUserId(token: string): Promise<number | null> {
      return deps.sessions.findUserId(hashToken(token), deps.clock.now());
    },
    /** Of the given cookies' tokens, those still signed in, with their members (one query). */
    async findUserIds(tokens: string[]): Promise<Map<string, number>> {
      const hashes = tokens.map((token) => hashToken(token));
      const live = await deps.sessions.findUserIds(hashes, deps.clock.now());
      const found = new Map<string, number>();
      tokens.forEach((token, index) => {
        const userId = live.get(hashes[index]);
        if (userId !== undefined) found.set(token, userId);
      });
      return found;
    },
    /** Ends one session (log-out, a new log-in in the same browser); its open tabs close at once. */
    async end(token: string): Promise<void> {
      const hash = hashToken(token);
      await announce(await deps.sessions.delete(hash), [hash]);
    },
    /** Ends every session of a member (password change or reset); their open tabs close at once. */
    async endAll(userId: number): Promise<void> {
      await announce(userId, await deps.sessions.deleteAllForUser(userId));
    },
    /** Closes the open tabs of sessions a committed write ended (`endAllSessions` in a unit of work). */
    announceEnded(userId: number, hashes: string[]): Promise<void> {
      return announce(userId, hashes);
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
