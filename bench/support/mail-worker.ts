/**
 * The mail bench's worker process until `npm run worker` runs the scheduled kinds: opens the
 * services' parts the notification jobs need on DATABASE_URL, sends through SMTP_URL, and runs
 * the job runner in LANES loops until no notification job is left. Prints one JSON line at the end.
 */
import { sql } from 'drizzle-orm';
import { createSmtpMailer } from '../../server/adapters/mail/nodemailer-mailer';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { createDiscountCodesRepository } from '../../server/db/repositories/discount-codes.repository';
import { createJobsRepository } from '../../server/db/repositories/jobs.repository';
import { createScheduledNotificationJobs } from '../../server/domain/notifications/scheduled/scheduled-jobs';
import { systemClock } from '../../server/domain/shared/clock';
import { createSiteUrls } from '../../server/domain/sites/site-urls';
import { createTranslator } from '../../server/i18n/translator';
import { createJobRunner } from '../../server/jobs/job-runner';
import { createBenchNotifier } from './bench-notifier';

const LANES = Number(process.env.BENCH_MAIL_LANES ?? 2);

async function main() {
  const config = loadConfig();
  const database = await openDatabase(config.database, { migrate: false });
  const db = database.db;
  const translator = await createTranslator();
  const mailer = createSmtpMailer(process.env.SMTP_URL!);
  const urls = createSiteUrls(config.siteLinks);
  const notifier = createBenchNotifier({ db, mailer, translator, urls, clock: systemClock });
  const jobs = createJobsRepository(db);
  const scheduled = createScheduledNotificationJobs({
    db,
    jobs,
    codes: createDiscountCodesRepository(db),
    links: { issueLinkPath: async () => '/' },
    notifier,
    clock: systemClock,
  });
  const runner = createJobRunner({ jobs, clock: systemClock, handlers: scheduled.handlers, log: (message, error) => console.error(message, error) });
  const pending = async () => {
    const result = (await db.execute(sql`select count(*)::int as count from jobs where kind like 'notify.%' and done_at is null and run_at < now() + interval '1 minute'`)) as unknown as { rows: { count: number }[] };
    return result.rows[0].count;
  };
  const started = performance.now();
  const lane = async () => {
    for (;;) {
      if (await runner.runDue(1)) continue;
      if (!(await pending())) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  await Promise.all(Array.from({ length: LANES }, lane));
  console.log(JSON.stringify({ seconds: (performance.now() - started) / 1000 }));
  await database.close();
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
