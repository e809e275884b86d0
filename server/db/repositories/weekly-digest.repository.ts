import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../client';
import { alreadySent, mayBeMailed } from './scheduled-notifications.repository';

/** A member of a digest batch, with what their search is: whom they seek, where they live. */
export interface DigestRecipient {
  id: number;
  language: string;
  gender: 'male' | 'female';
  seeking: 'male' | 'female' | 'both';
  country: string;
  region: string | null;
  /** Their site's niche: which profiles it shows (1 shows all). */
  niche: number;
}

/** A member who joined in the digest's week and can be shown. */
export interface NewMember {
  id: number;
  name: string;
  dateOfBirth: string;
  gender: 'male' | 'female';
  seeking: 'male' | 'female' | 'both';
  country: string;
  region: string | null;
  city: string | null;
  niches: number[];
}

/** The weekly digest's reads: one query each per batch, none per member. */
export function createWeeklyDigestRepository(db: Executor) {
  const rowsOf = async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const idArray = (ids: number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

  return {
    /** The confirmed members of ids (afterId, throughId] who may get this week's digest and did not yet. */
    recipients(week: string, afterId: number, throughId: number): Promise<DigestRecipient[]> {
      return rowsOf<DigestRecipient>(sql`
        select u.id, u.language, p.gender, p.seeking, p.country, p.region, s.niche
        from users u join profiles p on p.id = u.id join sites s on s.id = u.site_id
        where u.id > ${afterId} and u.id <= ${throughId} and u.status = 'active'
          and ${mayBeMailed('weekly_updates')} and not ${alreadySent('weekly_updates', week)}
        order by u.id`);
    },

    /**
     * The newest `perGroup` visible, real members per country and gender who signed up in
     * [since, until): the digest's candidates, filtered per recipient in memory. Driven by
     * users_created_idx, so its cost is the week's sign-ups, not the whole membership.
     */
    async newMembers(since: Date, until: Date, perGroup: number): Promise<NewMember[]> {
      const rows = await rowsOf<Omit<NewMember, 'dateOfBirth'> & { dateOfBirth: string | Date }>(sql`
        select id, name, "dateOfBirth", gender, seeking, country, region, city, niches from (
          select p.id, p.name, p.date_of_birth as "dateOfBirth", p.gender, p.seeking, p.country, p.region, p.city, p.niches,
            row_number() over (partition by p.country, p.gender order by u.created_at desc, u.id desc) as rank
          from users u join profiles p on p.id = u.id
          where u.created_at >= ${since.toISOString()}::timestamptz and u.created_at < ${until.toISOString()}::timestamptz
            and p.visible and not u.is_fictional) ranked
        where rank <= ${perGroup}`);
      return rows.map((row) => ({ ...row, dateOfBirth: typeof row.dateOfBirth === 'string' ? row.dateOfBirth : row.dateOfBirth.toISOString().slice(0, 10) }));
    },

    /** Likes each member received in [since, until). */
    async likesReceived(ids: number[], since: Date, until: Date): Promise<Map<number, number>> {
      if (!ids.length) return new Map();
      const rows = await rowsOf<{ id: number; count: number }>(sql`
        select liked_id as id, count(*)::int as count from likes
        where liked_id = any(${idArray(ids)}) and created_at >= ${since.toISOString()}::timestamptz and created_at < ${until.toISOString()}::timestamptz
        group by liked_id`);
      return new Map(rows.map((row) => [row.id, row.count]));
    },

    /** Pairs where one of `ids` blocked someone or was blocked: never shown to each other. */
    async blocksOf(ids: number[]): Promise<{ blockerId: number; blockedId: number }[]> {
      if (!ids.length) return [];
      return rowsOf(sql`
        select blocker_id as "blockerId", blocked_id as "blockedId" from blocks
        where blocker_id = any(${idArray(ids)}) or blocked_id = any(${idArray(ids)})`);
    },
  };
}

export type WeeklyDigestRepository = ReturnType<typeof createWeeklyDigestRepository>;
