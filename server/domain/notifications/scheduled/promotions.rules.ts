import type { DiscountCodesRepository } from '../../../db/repositories/discount-codes.repository';
import type { ScheduledNotificationsRepository } from '../../../db/repositories/scheduled-notifications.repository';
import { TIME_BONUS_CODE, TIME_BONUS_SECONDS } from '../../payments/discounts.service';
import type { Clock } from '../../shared/clock';
import type { Notifier } from '../notifier.port';
import { sweepMembers } from './sweep';

const HOUR = 3_600_000;
/** The time bonus (4 hours, spec §9) is announced in its last hour. */
export const TIME_BONUS_NOTICE_MS = HOUR;
/**
 * The welcome discount is announced a day before it ends when it lasts two days or more (a
 * member who signed up on a Friday hears on the Sunday), else in its last hour.
 */
export const welcomeNoticeMs = (hours: number) => (hours >= 48 ? 24 * HOUR : HOUR);

export const TIME_BONUS_TOPIC = 'time_bonus';
export const WELCOME_DISCOUNT_TOPIC = 'welcome_discount';

/**
 * `promotions` (issue 17): tells free members that their time bonus or welcome discount is
 * about to run out. A sweep (every few minutes) finds members whose offer ends within its notice
 * window; each member hears once per offer (key and topic per offer), never after paying.
 */
export function createPromotionsRules(deps: { scheduled: ScheduledNotificationsRepository; codes: DiscountCodesRepository; notifier: Notifier; clock: Clock }) {
  const { scheduled, notifier, clock } = deps;

  async function sweepTimeBonus(now: Date): Promise<void> {
    const code = await deps.codes.findByCode(TIME_BONUS_CODE);
    // An operator who switched the shared code off is no longer offering it.
    if (!code || code.status !== 'active') return;
    const lasts = TIME_BONUS_SECONDS * 1000;
    const filter = {
      kind: 'promotions' as const,
      topic: TIME_BONUS_TOPIC,
      // The bonus ends within (now, now + notice]: it ends createdAt + 4 h.
      signedUpAfter: new Date(now.getTime() - lasts),
      signedUpUpTo: new Date(now.getTime() + TIME_BONUS_NOTICE_MS - lasts),
      unpaid: true,
    };
    await sweepMembers(scheduled, filter, async (member) => {
      const minutes = Math.max(1, Math.round((member.createdAt.getTime() + lasts - now.getTime()) / 60_000));
      await notifier.notify(
        member.id,
        'promotions',
        { template: 'promotions', values: { percentage: code.valuePercentage, minutes }, path: '/credits' },
        { key: `promotions:${TIME_BONUS_TOPIC}:${member.id}`, topic: TIME_BONUS_TOPIC },
      );
    });
  }

  async function sweepWelcomeDiscount(now: Date): Promise<void> {
    for (const site of await scheduled.listSites()) {
      if (site.welcomeDiscountHours <= 0) continue;
      const lasts = site.welcomeDiscountHours * HOUR;
      const filter = {
        kind: 'promotions' as const,
        topic: WELCOME_DISCOUNT_TOPIC,
        signedUpAfter: new Date(now.getTime() - lasts),
        signedUpUpTo: new Date(now.getTime() + welcomeNoticeMs(site.welcomeDiscountHours) - lasts),
        siteId: site.id,
        unpaid: true,
      };
      await sweepMembers(scheduled, filter, async (member) => {
        await notifier.notify(
          member.id,
          'promotions',
          { template: 'welcome_discount', values: { percentage: site.welcomeDiscountPercentage }, path: '/credits' },
          { key: `promotions:${WELCOME_DISCOUNT_TOPIC}:${member.id}`, topic: WELCOME_DISCOUNT_TOPIC },
        );
      });
    }
  }

  return {
    /** The sweep job: every member whose time bonus or welcome discount ends soon, told once. */
    async sweep(): Promise<void> {
      const now = clock.now();
      await sweepTimeBonus(now);
      await sweepWelcomeDiscount(now);
    },
  };
}

export type PromotionsRules = ReturnType<typeof createPromotionsRules>;
