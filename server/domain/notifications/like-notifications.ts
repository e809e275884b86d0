import type { LikesRepository } from '../../db/repositories/likes.repository';
import type { NotificationFactsRepository } from '../../db/repositories/notification-facts.repository';
import type { JobsRepository } from '../../db/repositories/jobs.repository';
import type { LikeEvents } from '../likes/likes.service';
import type { Clock } from '../shared/clock';
import type { Notifier } from './notifier.port';
import { canReach } from './reach';

export const LIKE_JOB = 'notify_like';
export const MATCH_JOB = 'notify_match';
/** A like is mailed this long after it came, so likes arriving together make one mail. */
export const LIKE_DELAY_MS = 10 * 60_000;
/** At most one likes mail per this long; the next one counts every new like since. */
export const LIKE_GAP_MS = 3 * 3_600_000;
/** `lastSentAt` topics within kind `like`: the coalesced likes mail and the matches apart. */
const LIKES_TOPIC = 'likes';
const MATCH_TOPIC = 'match';

type Payload = Record<string, unknown>;

/**
 * `like` (issue 17): likes are coalesced into one mail per few hours counting the new likes; a
 * match (the like returned) is its own mail and push at once to the member who liked first, and
 * a push to the one who just made it, for their other devices (issue 35; their open tabs get the
 * match over the socket). The like itself is never delayed: these enqueue after the
 * like committed and do not wait.
 */
export function createLikeNotifications(deps: {
  jobs: Pick<JobsRepository, 'enqueueMany'>;
  likes: Pick<LikesRepository, 'exists'>;
  facts: NotificationFactsRepository;
  notifier: Notifier;
  clock: Clock;
  /** Told when a job due at once was added (the runner wakes instead of waiting for its next poll). */
  onDueNow?: () => void;
  onError?: (error: unknown) => void;
}) {
  const onError = deps.onError ?? ((error: unknown) => console.error('like notification enqueue failed', error));

  async function enqueueFor(likerId: number, likedId: number) {
    const now = deps.clock.now();
    if (await deps.likes.exists(likedId, likerId)) {
      const key = `match:${likedId}:${likerId}`;
      const makerKey = `match:${likerId}:${likedId}`;
      const jobs = [
        { kind: MATCH_JOB, payload: { memberId: likedId, otherId: likerId, sendKey: key }, runAt: now, key },
        { kind: MATCH_JOB, payload: { memberId: likerId, otherId: likedId, sendKey: makerKey, pushOnly: true }, runAt: now, key: makerKey },
      ];
      if (await deps.jobs.enqueueMany(jobs, now)) deps.onDueNow?.();
      return;
    }
    const key = `like:${likedId}:${Math.floor(now.getTime() / LIKE_DELAY_MS)}`;
    await deps.jobs.enqueueMany([{ kind: LIKE_JOB, payload: { memberId: likedId, sendKey: key }, runAt: new Date(now.getTime() + LIKE_DELAY_MS), key }], now);
  }

  /** The new likes since the last likes mail, or back in `LIKE_GAP_MS` when that mail is recent. */
  async function notifyLikes(payload: Payload): Promise<void> {
    const memberId = Number(payload.memberId);
    const now = deps.clock.now();
    const last = await deps.notifier.lastSentAt(memberId, 'like', LIKES_TOPIC);
    if (last && now.getTime() - last.getTime() < LIKE_GAP_MS) {
      const key = `like:${memberId}:after:${last.getTime()}`;
      await deps.jobs.enqueueMany([{ kind: LIKE_JOB, payload: { memberId, sendKey: key }, runAt: new Date(last.getTime() + LIKE_GAP_MS), key }], now);
      return;
    }
    const likes = await deps.facts.newLikes(memberId, last);
    if (!likes || !canReach(likes, 'like') || likes.count === 0) return;
    await deps.notifier.notify(
      memberId,
      'like',
      { template: 'like', values: { count: likes.count, sender_name: likes.newestName ?? '' }, path: '/likes' },
      { key: String(payload.sendKey), topic: LIKES_TOPIC },
    );
  }

  async function notifyMatch(payload: Payload): Promise<void> {
    const memberId = Number(payload.memberId);
    const otherId = Number(payload.otherId);
    const facts = await deps.facts.reachAndName(memberId, otherId);
    // Undone since (an unlike) or the other member gone: no match to tell of.
    if (!facts || !canReach(facts, 'like') || facts.otherName === null) return;
    if (!(await deps.likes.exists(memberId, otherId)) || !(await deps.likes.exists(otherId, memberId))) return;
    await deps.notifier.notify(
      memberId,
      'like',
      { template: 'match', values: { sender_name: facts.otherName }, path: `/likes/m/${otherId}` },
      { key: String(payload.sendKey), topic: MATCH_TOPIC, ...(payload.pushOnly ? { channels: ['push' as const] } : {}) },
    );
  }

  const pending = new Set<Promise<unknown>>();
  const events: LikeEvents = {
    liked(likerId, likedId) {
      const enqueued = enqueueFor(likerId, likedId)
        .catch(onError)
        .finally(() => pending.delete(enqueued));
      pending.add(enqueued);
    },
  };

  return {
    events,
    /** Resolves once every enqueue started so far has finished (tests, shutdown). */
    settled: () => Promise.all([...pending]).then(() => undefined),
    handlers: { [LIKE_JOB]: notifyLikes, [MATCH_JOB]: notifyMatch } as Record<string, (payload: Payload) => Promise<void>>,
  };
}

export type LikeNotifications = ReturnType<typeof createLikeNotifications>;
