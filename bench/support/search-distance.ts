import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { COUNTRY_CODES, type CountryCode } from '../../contract/countries';
import { MembersQuery } from '../../contract/profiles';
import type { Database } from '../../server/db/client';
import { createProfilesRepository } from '../../server/db/repositories/profiles.repository';
import * as schema from '../../server/db/schema/index';
import type { SiteRow } from '../../server/db/schema/index';
import { createSearchService } from '../../server/domain/profiles/search.service';
import { systemClock } from '../../server/domain/shared/clock';
import { COUNTRY_WEIGHTS, createRng, rollAgesAndPage, type Exec, type SearchRequest } from './search-data';
import type { RecordedRequest, Statement } from './search-sql';

/**
 * Distance-sorted searches (ADR 0067): signed-in members with a place, whose results come
 * nearest first. The searchers are members of the loaded data, each with a session whose
 * token is derived from their id (the cookie is known without signing in); the recording goes
 * through the real search service as that member, so the searcher's own lookup is part of the
 * SQL replayed.
 */

/** The radius slider's stops (in the member's unit). */
const RADIUS_STOPS = [5, 10, 25, 50, 100, 250, 500];

export const sessionToken = (memberId: number) => `search-bench-${memberId}`;

/** A member who searches: who they are (as the request carries them), their region, whom they seek. */
export interface Searcher {
  member: NonNullable<SearchRequest['member']>;
  region: string | null;
  seeking: string;
}

/**
 * `count` members drawn at random (seeded) among real members with a place, each given a
 * session. Safe to run again on a kept database.
 */
export async function prepareSearchers(exec: Exec, members: number, count: number, seed = 3535): Promise<Searcher[]> {
  const rng = createRng(seed);
  // Twice as many candidates as needed: a few have no place (no region) or are fictional.
  const candidates = Array.from({ length: count * 2 }, () => 1 + Math.floor(rng() * members));
  const { rows } = await exec(
    `select p.id, p.country, p.region, p.seeking from unnest($1::int[]) with ordinality as c(id, n)
       join profiles p on p.id = c.id join users u on u.id = p.id
      where p.latitude is not null and p.visible and not u.is_fictional
      order by c.n limit $2::int`,
    [`{${candidates.join(',')}}`, count],
  );
  // The token's SHA-256 in hex, exactly as the sessions service stores it.
  await exec(
    `insert into sessions (token_hash, user_id, expires_at)
     select encode(sha256(convert_to('search-bench-' || id, 'UTF8')), 'hex'), id, now() + interval '1 day' from unnest($1::int[]) id
     on conflict (token_hash) do update set expires_at = excluded.expires_at`,
    [`{${rows.map((row) => row.id).join(',')}}`],
  );
  return rows.map((row) => ({
    member: { id: Number(row.id), country: String(row.country), cookie: `rdv_session=${sessionToken(Number(row.id))}` },
    region: row.region === null ? null : String(row.region),
    seeking: String(row.seeking),
  }));
}

/**
 * `count` signed-in searches, one searcher after another: no country in ~45 % (everyone,
 * nearest first), their own country in ~50 % (their region in a sixth of those), a far
 * country in ~5 % (the walk ADR 0067 warns about: everyone nearer is passed over); a radius
 * in ~40 % of those not abroad; an age range in ~60 %; the gender they seek named in ~30 %
 * (otherwise the service infers it); page 2–3 in 15 %.
 */
export function buildDistanceMix(searchers: Searcher[], count: number, seed = 6767): SearchRequest[] {
  const rng = createRng(seed);
  const requests: SearchRequest[] = [];
  for (let i = 0; i < count; i++) {
    const { member, region, seeking } = searchers[i % searchers.length];
    const query: Record<string, string> = {};
    const where = rng();
    const abroad = where >= 0.95;
    if (abroad) query.country = farCountry(member.country as CountryCode, rng);
    else if (where >= 0.45) {
      query.country = member.country;
      if (region && rng() < 1 / 6) query.countryregion = region;
    }
    if (!abroad && rng() < 0.4) query.radius = String(RADIUS_STOPS[Math.floor(rng() * RADIUS_STOPS.length)]);
    if (rng() < 0.3) query.gender = seeking;
    rollAgesAndPage(rng, query);
    requests.push({ path: `/api/members.php?${new URLSearchParams(query).toString()}`, query, member });
  }
  return requests;
}

/** A country weighted like the members, other than the searcher's own. */
function farCountry(own: CountryCode, rng: () => number): string {
  const others = COUNTRY_CODES.filter((code) => code !== own);
  const total = others.reduce((sum, code) => sum + COUNTRY_WEIGHTS[code], 0);
  let roll = rng() * total;
  for (const code of others) {
    if (roll < COUNTRY_WEIGHTS[code]) return code;
    roll -= COUNTRY_WEIGHTS[code];
  }
  return others[others.length - 1];
}

const isCount = (statement: Statement) => /^\s*select count\(\*\)/.test(statement.text);
const isPageEdge = (statement: Statement) => / as distance from profiles /.test(statement.text);

/**
 * A nearest-first search sends its page's edge, then the page, beside the count (ADR 0067): the
 * edge and the page become one chained statement, paired with its count, as the service runs them.
 */
function pageAndCountPairs(statements: Statement[], path: string): Statement[][] {
  const pages: Statement[] = [];
  const counts: Statement[] = [];
  let edge: Statement | null = null;
  for (const statement of statements) {
    if (isCount(statement)) counts.push(statement);
    else if (isPageEdge(statement)) edge = statement;
    else {
      pages.push(edge ? { ...edge, after: statement } : statement);
      edge = null;
    }
  }
  if (!pages.length || pages.length !== counts.length) {
    throw new Error(`expected the searcher lookup and page + count pairs, recorded ${statements.length + 1} statements for ${path}`);
  }
  return pages.map((page, index) => [page, counts[index]]);
}

/**
 * Each request once through the real search service as its member, on a drizzle database
 * whose logger records every statement as sent (the searcher lookup is a query builder
 * select, not a raw statement). Phases: the lookup, then page and count, then the "similar"
 * pair when asked for.
 */
export async function recordMemberRequests(url: string, site: SiteRow, requests: SearchRequest[]): Promise<RecordedRequest[]> {
  let log: Statement[] = [];
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  try {
    const db = drizzle(pool, { schema, logger: { logQuery: (text, params) => void log.push({ text, params }) } }) as unknown as Database;
    const search = createSearchService({ profiles: createProfilesRepository(db), clock: systemClock });
    const recorded: RecordedRequest[] = [];
    for (const request of requests) {
      log = [];
      const { id: _id, ...query } = MembersQuery.parse(request.query);
      const response = await search.search(site, query, { memberId: request.member!.id, hasTrafficSource: false });
      const phases: Statement[][] = [[log[0]], ...pageAndCountPairs(log.slice(1), request.path)];
      recorded.push({ request, phases, main: 1, ids: response.results.map((card) => card.id), numResults: response.numResults });
    }
    return recorded;
  } finally {
    await pool.end();
  }
}
