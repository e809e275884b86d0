import type { MemberToNotify, ScheduledNotificationsRepository, SweepFilter } from '../../../db/repositories/scheduled-notifications.repository';
import { nextStep } from '../../../observability/work-scope';
import { runLimited } from './run-limited';

const PAGE = 500;
/** Mails in flight at once within a sweep page. */
const IN_FLIGHT = 8;

/** Calls `tell` for every member the filter finds, page by page (by id); answers how many were found. */
export async function sweepMembers(
  scheduled: ScheduledNotificationsRepository,
  filter: SweepFilter,
  tell: (member: MemberToNotify) => Promise<void>,
): Promise<number> {
  let afterId = 0;
  let found = 0;
  for (;;) {
    // A page's query is a step too: inside the web process a sweep reads its members at the job's pace.
    await nextStep();
    const page = await scheduled.sweepPage(filter, afterId, PAGE);
    await runLimited(page, IN_FLIGHT, tell);
    found += page.length;
    if (page.length < PAGE) return found;
    afterId = page[page.length - 1].id;
  }
}
