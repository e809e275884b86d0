import type { Cohort } from '../../../../contract/admin/business-figures';

/** A count as a share of a cohort in percent, one decimal; null for an empty cohort. */
export function percentOf(count: number, size: number): number | null {
  return size ? Math.round((count / size) * 1000) / 10 : null;
}

/**
 * The retention curve: for each number of weeks since sign-up, the share of members (in
 * percent) still active and still paying, over every cohort that has reached that week —
 * weighted by cohort size, so a week with one sign-up does not weigh as much as one with a
 * thousand.
 */
export function retentionCurve(cohorts: Cohort[]): { active: number[]; paying: number[] } {
  const weeks = Math.max(0, ...cohorts.map((cohort) => cohort.active.length));
  const active: number[] = [];
  const paying: number[] = [];
  for (let since = 0; since < weeks; since++) {
    const reached = cohorts.filter((cohort) => cohort.active.length > since);
    const members = reached.reduce((total, cohort) => total + cohort.size, 0);
    active.push(
      percentOf(
        reached.reduce((total, cohort) => total + cohort.active[since], 0),
        members,
      ) ?? 0,
    );
    paying.push(
      percentOf(
        reached.reduce((total, cohort) => total + cohort.paying[since], 0),
        members,
      ) ?? 0,
    );
  }
  return { active, paying };
}
