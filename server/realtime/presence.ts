import type { Clock } from '../domain/shared/clock';

/** A member counts as online this long after the last refresh, so a crashed instance's members run out on their own. */
export const PRESENCE_TTL_MS = 3 * 60_000;
/** Open sockets' members are written again this often: one update per member per minute at most. */
const REFRESH_MS = 60_000;
/** Opens and closes are gathered and written together this often. */
const FLUSH_MS = 1_000;
const CHUNK = 1_000;

/** Where presence is kept for every instance and the worker (`member_presence`, through its repository). */
export interface PresenceStore {
  /** These members count as online until `until`. */
  markOnline(memberIds: number[], until: Date): Promise<void>;
  /** These members went offline at `at`. */
  markOffline(memberIds: number[], at: Date): Promise<void>;
}

export interface PresenceTracker {
  /** A socket of this member opened on this instance. */
  opened(memberId: number): void;
  /** A socket of this member closed on this instance. */
  closed(memberId: number): void;
  /** Writes what is pending now (the timer does this every second; tests call it). */
  flush(): Promise<void>;
  /** Stops the timer and marks this instance's members offline (shutdown). */
  stop(): Promise<void>;
}

/**
 * Tracks which members have an open socket on this instance and keeps `member_presence` in
 * step, cheaply: opens and closes are written in one statement a second, and members still
 * connected are refreshed in one statement per thousand once a minute. A member connected to
 * two instances may look offline for up to a minute after one of them closes its last socket
 * (the other's refresh brings them back): harmless for notifications, which only need "is the
 * member around".
 */
export function createPresenceTracker(deps: { presence: PresenceStore; clock: Clock; onError?: (error: unknown) => void; flushMs?: number }): PresenceTracker {
  const onError = deps.onError ?? ((error: unknown) => console.error('presence update failed', error));
  /** Open sockets per member on this instance. */
  const sockets = new Map<number, number>();
  const cameOnline = new Set<number>();
  const wentOffline = new Set<number>();
  let lastRefresh = 0;
  let timer: ReturnType<typeof setInterval> | null = null;
  let writing: Promise<void> = Promise.resolve();

  function ensureTimer() {
    if (timer) return;
    timer = setInterval(() => void flush(), deps.flushMs ?? FLUSH_MS);
    timer.unref();
  }

  async function write(ids: number[], mark: (chunk: number[]) => Promise<void>) {
    for (let start = 0; start < ids.length; start += CHUNK) await mark(ids.slice(start, start + CHUNK));
  }

  function flush(): Promise<void> {
    // One flush at a time: a slow database never piles writes up.
    writing = writing.then(async () => {
      const now = deps.clock.now();
      const until = new Date(now.getTime() + PRESENCE_TTL_MS);
      const refreshAll = now.getTime() - lastRefresh >= REFRESH_MS;
      const online = refreshAll ? [...sockets.keys()] : [...cameOnline];
      const offline = [...wentOffline];
      if (refreshAll) lastRefresh = now.getTime();
      cameOnline.clear();
      wentOffline.clear();
      try {
        await write(online, (chunk) => deps.presence.markOnline(chunk, until));
        await write(offline, (chunk) => deps.presence.markOffline(chunk, now));
      } catch (error) {
        onError(error);
      }
    });
    return writing;
  }

  return {
    opened(memberId) {
      const count = sockets.get(memberId) ?? 0;
      sockets.set(memberId, count + 1);
      if (count === 0) {
        wentOffline.delete(memberId);
        cameOnline.add(memberId);
      }
      ensureTimer();
    },
    closed(memberId) {
      const count = sockets.get(memberId) ?? 0;
      if (count > 1) return void sockets.set(memberId, count - 1);
      sockets.delete(memberId);
      cameOnline.delete(memberId);
      wentOffline.add(memberId);
    },
    flush,
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      for (const memberId of sockets.keys()) wentOffline.add(memberId);
      sockets.clear();
      cameOnline.clear();
      await flush();
    },
  };
}
