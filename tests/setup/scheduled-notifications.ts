import { eq } from 'drizzle-orm';
import { createDiscountCodesRepository } from '../../server/db/repositories/discount-codes.repository';
import { createJobsRepository } from '../../server/db/repositories/jobs.repository';
import { photos, profiles, users, type SiteRow } from '../../server/db/schema/index';
import { createScheduledNotificationJobs } from '../../server/domain/notifications/scheduled/scheduled-jobs';
import { createJobRunner } from '../../server/jobs/job-runner';
import { createVisibleMember, type VisibleMemberOptions } from '../factories/members';
import { createRenderingNotifier } from './rendering-notifier';
import type { TestContext } from './test-services';

/**
 * The scheduled kinds' jobs on the test database, sending through a recording notifier, and a
 * runner for their jobs alone: what the rules' tests drive with the manual clock.
 */
export function createScheduledHarness(ctx: TestContext) {
  const notifier = createRenderingNotifier({ db: ctx.db, clock: ctx.clock, translator: ctx.services.translator });
  const jobs = createJobsRepository(ctx.db);
  const scheduled = createScheduledNotificationJobs({
    db: ctx.db,
    jobs,
    codes: createDiscountCodesRepository(ctx.db),
    links: ctx.services.links,
    notifier,
    clock: ctx.clock,
  });
  const runner = createJobRunner({ jobs, clock: ctx.clock, handlers: scheduled.handlers, log: (message, error) => console.error(message, error) });
  return {
    notifier,
    jobs,
    scheduled,
    /** Runs every due job, and the jobs those enqueue, until none is due. */
    async runAll() {
      while (await runner.runDue(50));
    },
  };
}

export interface MemberOptions extends VisibleMemberOptions {
  language?: string;
  status?: 'active' | 'not_confirmed' | 'deleted';
  emailOff?: string[];
  mailDisabled?: string[];
  createdAt?: Date;
}

/** A member as the scheduled rules see them: signed up at `createdAt` (default now), in a language, with switches. */
export async function createMember(ctx: TestContext, site: SiteRow, options: MemberOptions = {}) {
  const user = await createVisibleMember(ctx, site, options);
  const createdAt = options.createdAt ?? ctx.clock.now();
  await ctx.db
    .update(users)
    .set({
      language: options.language ?? 'en',
      status: options.status ?? 'active',
      emailNotificationsOff: options.emailOff ?? [],
      notificationsDisabled: options.mailDisabled ?? [],
      createdAt,
    })
    .where(eq(users.id, user.id));
  if (options.status === 'not_confirmed') await ctx.db.update(profiles).set({ status: 'disabled' }).where(eq(profiles.id, user.id));
  return { ...user, createdAt };
}

/** Takes every photo of a member away (the photo reminder's case). */
export async function removePhotos(ctx: TestContext, userId: number) {
  await ctx.db.update(profiles).set({ mainPhotoId: null }).where(eq(profiles.id, userId));
  await ctx.db.delete(photos).where(eq(photos.userId, userId));
}
