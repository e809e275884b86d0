import type { NotificationFactsRepository } from '../../db/repositories/notification-facts.repository';
import type { JobsRepository, KeyedJob } from '../../db/repositories/jobs.repository';
import type { CommittedMessage } from '../chat/send-batch';
import type { Clock } from '../shared/clock';
import type { Notifier } from './notifier.port';
import { canReach } from './reach';

export const NEW_CONVERSATION_JOB = 'notify_new_conversation';
export const NEW_MESSAGES_JOB = 'notify_new_messages';
/**
 * A new message is mailed this long after it arrived, if still unread then: a member chatting
 * right now reads it first, and a burst of messages in one window enqueues one job.
 */
export const NEW_MESSAGES_DELAY_MS = 5 * 60_000;
/** At most one mail per conversation per this long (the "one per hour"). */
export const NEW_MESSAGES_GAP_MS = 3_600_000;

type Payload = Record<string, unknown>;

/**
 * `new_conversations` and `new_messages` (issue 17). The chat's group commit hands every batch
 * over after commit; this enqueues at most one job per conversation and recipient and window in
 * one statement, remembering the keys of the current window so a busy conversation costs no
 * further writes. The jobs decide when they run: still unread, the member not online, no mail
 * about this conversation within the hour.
 */
export function createMessageNotifications(deps: {
  jobs: Pick<JobsRepository, 'enqueueMany'>;
  facts: NotificationFactsRepository;
  notifier: Notifier;
  clock: Clock;
  /** Told when a job due at once was added (the runner wakes instead of waiting for its next poll). */
  onDueNow?: () => void;
  onError?: (error: unknown) => void;
}) {
  const onError = deps.onError ?? ((error: unknown) => console.error('message notification enqueue failed', error));
  // Keys enqueued in the current window by this instance; the database's unique key is the real guard.
  let recent = { window: -1, keys: new Set<string>() };
  const pending = new Set<Promise<unknown>>();

  function jobOf(sent: CommittedMessage): KeyedJob {
    const conversationId = sent.message.conversation_id;
    const recipientId = sent.recipientId;
    const at = Date.parse(sent.message.created_at);
    const payload = { conversationId, recipientId };
    if (sent.opened) {
      const key = `new_conversations:${conversationId}:${recipientId}`;
      return { kind: NEW_CONVERSATION_JOB, payload: { ...payload, sendKey: key }, runAt: new Date(at), key };
    }
    const key = `new_messages:${conversationId}:${recipientId}:${Math.floor(at / NEW_MESSAGES_DELAY_MS)}`;
    return { kind: NEW_MESSAGES_JOB, payload: { ...payload, sendKey: key }, runAt: new Date(at + NEW_MESSAGES_DELAY_MS), key };
  }

  /** After a group commit: never awaited by the send path, never fails it. */
  function messagesCommitted(messages: CommittedMessage[]): void {
    const now = deps.clock.now();
    const window = Math.floor(now.getTime() / NEW_MESSAGES_DELAY_MS);
    if (window !== recent.window) recent = { window, keys: new Set() };
    const fresh: KeyedJob[] = [];
    for (const sent of messages) {
      // Fictional profiles are answered by hosts, never notified (the notifier refuses them too).
      if (sent.recipientFictional) continue;
      const job = jobOf(sent);
      if (recent.keys.has(job.key)) continue;
      recent.keys.add(job.key);
      fresh.push(job);
    }
    if (!fresh.length) return;
    const keys = recent.keys;
    const dueNow = fresh.some((job) => job.runAt <= now);
    const enqueued = deps.jobs
      .enqueueMany(fresh, now)
      .then((added) => {
        if (added && dueNow) deps.onDueNow?.();
      })
      .catch((error: unknown) => {
        for (const job of fresh) keys.delete(job.key);
        onError(error);
      })
      .finally(() => pending.delete(enqueued));
    pending.add(enqueued);
  }

  /** Someone wrote to the member for the first time: at once, unless already read. */
  async function notifyNewConversation(payload: Payload): Promise<void> {
    const conversationId = Number(payload.conversationId);
    const recipientId = Number(payload.recipientId);
    const facts = await deps.facts.conversationFacts(conversationId, recipientId);
    if (!facts || !canReach(facts, 'new_conversations') || facts.unread === 0) return;
    await deps.notifier.notify(
      recipientId,
      'new_conversations',
      { template: 'new_conversations', values: { sender_name: facts.otherName, count: facts.unread }, path: `/chats/${conversationId}` },
      { key: String(payload.sendKey), topic: String(conversationId) },
    );
  }

  /**
   * New messages in a conversation: only if still unread, the member is not online, and no mail
   * about this conversation went out within the hour; within the hour the job comes back when
   * the hour is over, so the last messages of a burst are not lost.
   */
  async function notifyNewMessages(payload: Payload): Promise<void> {
    const conversationId = Number(payload.conversationId);
    const recipientId = Number(payload.recipientId);
    const now = deps.clock.now();
    const facts = await deps.facts.conversationFacts(conversationId, recipientId);
    if (!facts || !canReach(facts, 'new_messages') || facts.unread === 0) return;
    if (facts.onlineUntil && facts.onlineUntil > now) return;
    const topic = String(conversationId);
    const last = latest(
      await deps.notifier.lastSentAt(recipientId, 'new_messages', topic),
      await deps.notifier.lastSentAt(recipientId, 'new_conversations', topic),
    );
    if (last && now.getTime() - last.getTime() < NEW_MESSAGES_GAP_MS) {
      const key = `new_messages:${conversationId}:${recipientId}:after:${last.getTime()}`;
      await deps.jobs.enqueueMany(
        [{ kind: NEW_MESSAGES_JOB, payload: { conversationId, recipientId, sendKey: key }, runAt: new Date(last.getTime() + NEW_MESSAGES_GAP_MS), key }],
        now,
      );
      return;
    }
    await deps.notifier.notify(
      recipientId,
      'new_messages',
      { template: 'new_messages', values: { sender_name: facts.otherName, count: facts.unread }, path: `/chats/${conversationId}` },
      { key: String(payload.sendKey), topic },
    );
  }

  return {
    messagesCommitted,
    /** Resolves once every enqueue started so far has finished (tests, shutdown). */
    settled: () => Promise.all([...pending]).then(() => undefined),
    handlers: {
      [NEW_CONVERSATION_JOB]: notifyNewConversation,
      [NEW_MESSAGES_JOB]: notifyNewMessages,
    } as Record<string, (payload: Payload) => Promise<void>>,
  };
}

function latest(a: Date | null, b: Date | null): Date | null {
  if (!a) return b;
  if (!b) return a;
  return a > b ? a : b;
}

export type MessageNotifications = ReturnType<typeof createMessageNotifications>;
