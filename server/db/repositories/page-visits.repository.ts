import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../client';
import { pageVisits } from '../schema/acquisition';

export type NewPageVisit = typeof pageVisits.$inferInsert;

export interface LandingPageFigures {
  path: string;
  visits: number;
  bounces: number;
  medianMs: number;
}

export interface SignupSource {
  network: string | null;
  ref: string | null;
  count: number;
}

/** Consented page visits (issue 18) and the traffic figures read from them and from sign-ups. */
export function createPageVisitsRepository(db: Executor) {
  const rowsOf = async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

  return {
    async insert(visit: NewPageVisit): Promise<void> {
      await db.insert(pageVisits).values(visit);
    },

    /** Bounce-logged pages of one site in `[from, to)`: visits, bounces and the median time on page. */
    async landingPages(siteId: number, from: Date, to: Date): Promise<LandingPageFigures[]> {
      const rows = await rowsOf<{ path: string; visits: number; bounces: number; median_ms: number | string | null }>(sql`
        select path, count(*)::int as visits, count(*) filter (where bounced)::int as bounces,
          percentile_cont(0.5) within group (order by ms_on_page) as median_ms
        from page_visits
        where site_id = ${siteId} and bounce_logging and created_at >= ${from} and created_at < ${to}
        group by path
        order by visits desc, path
        limit 200`);
      return rows.map((row) => ({
        path: row.path,
        visits: Number(row.visits),
        bounces: Number(row.bounces),
        medianMs: Math.round(Number(row.median_ms ?? 0)),
      }));
    },

    /** Members (not fictional) who signed up on one site in `[from, to)`, per tracking network and ref. */
    async signupSources(siteId: number, from: Date, to: Date): Promise<SignupSource[]> {
      const rows = await rowsOf<SignupSource>(sql`
        select tracking_network as network, tracking_ref as ref, count(*)::int as count
        from users
        where site_id = ${siteId} and not is_fictional and created_at >= ${from} and created_at < ${to}
        group by 1, 2
        order by count desc, network nulls last, ref nulls last
        limit 500`);
      return rows.map((row) => ({ ...row, count: Number(row.count) }));
    },
  };
}

export type PageVisitsRepository = ReturnType<typeof createPageVisitsRepository>;
