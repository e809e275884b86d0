import type { ScheduledNotificationsRepository } from '../../../db/repositories/scheduled-notifications.repository';
import type { AccountLinks } from '../../accounts/account-links.service';
import type { Clock } from '../../shared/clock';
import type { Notifier } from '../notifier.port';
import { sweepMembers } from './sweep';

const DAY = 86_400_000;
/**
 * How late a reminder may still go out after its moment (a worker that was down, a sweep that
 * ran long). Shorter than the two days between the activation reminders, so each keeps its day.
 */
export const REMINDER_GRACE_MS = 12 * 3_600_000;
/** Spec §4 activation reminder: 1 and 3 days after sign-up, while the address is unconfirmed. */
export const ACTIVATION_REMINDER_DAYS = [1, 3] as const;
/** Members still without a photo hear once, 2 days after sign-up (the enrich alert's mail). */
export const PHOTO_REMINDER_DAYS = 2;
export const PHOTO_TOPIC = 'photo';
export const activationTopic = (day: number) => `activation_${day}`;

/**
 * `reminders` (issue 17): the activation reminders to members who have not confirmed their
 * address, each with a fresh link made the way the activation mail makes it, and one reminder
 * to add a profile photo. A sweep (every few minutes) finds members whose moment came within
 * the grace window; each reminder goes once (key and topic per reminder).
 */
export function createRemindersRules(deps: {
  scheduled: ScheduledNotificationsRepository;
  links: Pick<AccountLinks, 'issueLinkPath'>;
  notifier: Notifier;
  clock: Clock;
}) {
  const { scheduled, notifier, clock } = deps;
  const signedUpAround = (now: Date, days: number) => ({
    signedUpAfter: new Date(now.getTime() - days * DAY - REMINDER_GRACE_MS),
    signedUpUpTo: new Date(now.getTime() - days * DAY),
  });

  async function sweepActivation(now: Date, day: number): Promise<void> {
    const topic = activationTopic(day);
    await sweepMembers(scheduled, { kind: 'reminders', topic, ...signedUpAround(now, day), unconfirmed: true }, async (member) => {
      const path = await deps.links.issueLinkPath('activate', member.id);
      await notifier.notify(
        member.id,
        'reminders',
        { template: 'reminders_activation', values: { days: day }, path },
        { key: `reminders:${topic}:${member.id}`, topic },
      );
    });
  }

  async function sweepPhoto(now: Date): Promise<void> {
    const filter = { kind: 'reminders' as const, topic: PHOTO_TOPIC, ...signedUpAround(now, PHOTO_REMINDER_DAYS), unconfirmed: false, withoutPhoto: true };
    await sweepMembers(scheduled, filter, async (member) => {
      await notifier.notify(
        member.id,
        'reminders',
        { template: 'reminders_photo', path: '/profile' },
        { key: `reminders:${PHOTO_TOPIC}:${member.id}`, topic: PHOTO_TOPIC },
      );
    });
  }

  return {
    /** The sweep job: the activation reminders due and the photo reminders due, each once. */
    async sweep(): Promise<void> {
      const now = clock.now();
      for (const day of ACTIVATION_REMINDER_DAYS) await sweepActivation(now, day);
      await sweepPhoto(now);
    },
  };
}

export type RemindersRules = ReturnType<typeof createRemindersRules>;
