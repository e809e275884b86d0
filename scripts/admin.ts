/**
 * `npm run admin -- <command>`: the console's staff from the command line, for the first owner of
 * a fresh install and for an owner locked out for good. Every change is audited as "command line".
 *
 *   invite <email> --role <owner|admin|moderator|support|host> [--name <name>]
 *       creates the account and prints its one-time enrolment link (also mailed, or kept in the outbox)
 *   reset <email>
 *       starts an account over (lost phone and recovery codes): a new enrolment link, old sessions end
 *   list
 *       the staff with their roles and states
 *   jobs
 *       the background jobs that died (out of attempts) or are failing, the latest first
 *   jobs retry <id>
 *       runs a dead or failing job again, with a fresh set of attempts
 *   news create --site <id|all> --subject-en <text> --body-en <text> [--subject-<lang> … --body-<lang> …]
 *   news send <file.json>
 *       stores an operator's news broadcast and enqueues its sending (the worker mails it)
 *   news list
 *       the latest broadcasts with sent_count, started_at and finished_at
 *
 * On the embedded database the server must be stopped first (one process per data directory).
 */
import { parseArgs } from 'node:util';
import { STAFF_ROLES, type StaffRole } from '../contract/admin/roles';
import { isEmailAddress } from '../contract/email-address';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { SYSTEM_ACTOR } from '../server/domain/audit/audit.service';
import { isAppError } from '../server/domain/shared/app-error';
import { createServices, type Services } from '../server/services';

import { NEWS_USAGE, parseNewsArgs, runNewsCommand } from './admin-news';

const USAGE = `usage: npm run admin -- invite <email> --role <role> [--name <name>] | reset <email> | list | jobs | jobs retry <id>\n  ${NEWS_USAGE}`;

async function main() {
  if (process.argv[2] === 'news') return runNews(process.argv.slice(3));
  const { positionals, values } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: { role: { type: 'string' }, name: { type: 'string' } },
  });
  const [command, email] = positionals;
  if (!command || (command !== 'list' && command !== 'jobs' && !email)) throw new Error(USAGE);
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    const services = await createServices(config, database);
    if (command === 'list') {
      for (const member of await services.staffAdmin.list()) console.log(`${member.id}\t${member.email}\t${member.role}\t${member.status}`);
    } else if (command === 'jobs') {
      await runJobsCommand(services, positionals.slice(1));
    } else if (command === 'invite' || command === 'reset') {
      const existing = (await services.staffAdmin.list()).find((member) => member.email.toLowerCase() === email.toLowerCase());
      const role = (values.role ?? existing?.role) as StaffRole | undefined;
      if (!role || !STAFF_ROLES.includes(role)) throw new Error(`--role must be one of ${STAFF_ROLES.join(', ')}`);
      if (command === 'reset' && !existing) throw new Error(`No staff account for ${email}`);
      if (command === 'invite' && !isEmailAddress(email)) throw new Error(`${email} is not an e-mail address`);
      const { member, url } = await services.staffEnrolment.invite(SYSTEM_ACTOR, { email, role, name: values.name, reset: command === 'reset' });
      console.log(`${command === 'reset' ? 'Reset' : 'Invited'} ${member.email} as ${member.role}. Enrolment link (works once, for 3 days):\n${url}`);
    } else {
      throw new Error(USAGE);
    }
    await services.close();
  } finally {
    await database.close();
  }
}

/** `jobs`: one line per dead or failing job; `jobs retry <id>`: that job is due again now. */
async function runJobsCommand(services: Services, args: string[]) {
  if (args[0] === 'retry') {
    const id = Number(args[1]);
    if (!Number.isSafeInteger(id) || id < 1 || args.length !== 2) throw new Error(USAGE);
    const job = await services.jobsAdmin.retry(SYSTEM_ACTOR, id);
    console.log(`Job ${job.id} (${job.kind}) is due again now: the running server or worker takes it within seconds.`);
    return;
  }
  if (args.length) throw new Error(USAGE);
  const failures = await services.jobsAdmin.listFailures();
  if (!failures.length) console.log('No dead or failing jobs.');
  for (const job of failures) {
    const when = job.state === 'dead' ? `dead since ${job.dead_at}` : `next attempt ${job.run_at}`;
    console.log(`${job.id}\t${job.kind}\t${job.state}\t${job.attempts} attempts\t${when}\t${(job.last_error ?? '').replace(/\s+/g, ' ').slice(0, 200)}`);
  }
}

/** `news …`: checked before the database opens, so a typo costs nothing. */
async function runNews(args: string[]) {
  const command = parseNewsArgs(args);
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    const services = await createServices(config, database);
    await runNewsCommand(services.newsBroadcasts, command);
    await services.close();
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(isAppError(error) ? `Refused: ${error.code}` : error instanceof Error ? error.message : error);
  process.exit(1);
});
