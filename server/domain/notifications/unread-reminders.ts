import type { NotificationFactsRepository } from '../../db/repositories/notification-facts.repository';
import type { Clock } from '../shared/clock';
import type { Notifier } from './notifier.port';

/** The sweep's job kind; the runner schedules it hourly (server/composition/jobs.ts). */
export const UNREAD_REMINDERS_JOB = 'unread_message_reminders';
export const UNREAD_REMINDERS_EVERY_MS = 3_600_000;
/** Messages unread this long are reminded of (spec §3 "unread for 24 h"). */
export const UNREAD_FOR_MS = 24 * 3_600_000;
/** Members handled per sweep query; the sweep goes on until none is left. */
const PAGE = 500;

/**
 * `unread_message_reminders` (issue 17): an hourly sweep mails every member with messages
 * unread for 24 hours who has not been online since they arrived. Each message is reminded of
 * once: a member gets at most one reminder a day, covering every message 24–48 h old, so a
 * reminder covers only messages no earlier one could have. Messages older than 48 h are not
 * reminded of any more (a worker stopped for days does not send old news).
 */
export function createUnreadReminders(deps: { facts: NotificationFactsRepository; notifier: Notifier; clock: Clock }) {
  return {
    /** One sweep; answers how many members it notified or tried to. */
    async sweep(): Promise<number> {
      const now = deps.clock.now().getTime();
      const to = new Date(now - UNREAD_FOR_MS);
      const from = new Date(now - 2 * UNREAD_FOR_MS);
      const remindedSince = new Date(now - UNREAD_FOR_MS);
      let done = 0;
      let lastId = 0;
      for (;;) {
        const page = await deps.facts.reminderCandidates(from, to, remindedSince, lastId, PAGE);
        for (const row of page) {
          const single = row.conversations === 1;
          await deps.notifier.notify(
            row.recipientId,
            'unread_message_reminders',
            {
              template: 'unread_message_reminders',
              values: { count: row.count, sender_name: row.senderName },
              path: single ? `/chats/${row.conversationId}` : '/chats',
            },
            { key: `unread_message_reminders:${row.recipientId}:${row.latestMessageId}` },
          );
          lastId = row.recipientId;
          done += 1;
        }
        if (page.length < PAGE) return done;
      }
    },
  };
}

export type UnreadReminders = ReturnType<typeof createUnreadReminders>;
