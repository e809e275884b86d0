import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { MembersQuery } from '../../contract/profiles';
import type { Executor } from '../../server/db/client';
import { createProfilesRepository } from '../../server/db/repositories/profiles.repository';
import type { SiteRow } from '../../server/db/schema/index';
import { createSearchService } from '../../server/domain/profiles/search.service';
import { systemClock } from '../../server/domain/shared/clock';
import type { Exec, SearchRequest } from './search-data';

/**
 * The ceiling's SQL is the app's own: each request of the mix goes once through the real search
 * service and profiles repository, on an executor that renders every statement with drizzle's
 * PostgreSQL dialect (as both drivers do), records it and runs it. The recording is then
 * replayed as the service issues it: page and count together, then — when fewer than five
 * matched on page 1 — the "similar" page and count together.
 */

export interface Statement {
  text: string;
  params: unknown[];
  /** A statement sent as soon as this one answers: a nearest-first page after its edge (ADR 0067). */
  after?: Statement;
}

/** One statement and the one it leads to, in turn, as the repository sends them. */
export async function runStatement(exec: Exec, statement: Statement): Promise<void> {
  await exec(statement.text, statement.params);
  if (statement.after) await runStatement(exec, statement.after);
}

export interface RecordedRequest {
  request: SearchRequest;
  /** Statements that run concurrently, phase after phase. */
  phases: Statement[][];
  /** The phase of page 1's page and count (1 when the searcher's own lookup comes first). */
  main: number;
  /** Ids of page 1 (phase 1 page query) and the count: to check the API answers the same. */
  ids: number[];
  numResults: number;
}

export async function recordRequests(exec: Exec, site: SiteRow, requests: SearchRequest[]): Promise<RecordedRequest[]> {
  const dialect = new PgDialect();
  let log: Statement[] = [];
  const recorder = {
    async execute(query: SQL) {
      const { sql: text, params } = dialect.sqlToQuery(query);
      log.push({ text, params });
      return exec(text, params);
    },
  } as unknown as Executor;
  const search = createSearchService({ profiles: createProfilesRepository(recorder), clock: systemClock });

  const recorded: RecordedRequest[] = [];
  for (const request of requests) {
    log = [];
    const query = MembersQuery.parse(request.query);
    const { id: _id, ...searchQuery } = query;
    const response = await search.search(site, searchQuery, { memberId: null, hasTrafficSource: false });
    if (log.length % 2 !== 0) throw new Error(`expected page + count pairs, recorded ${log.length} statements for ${request.path}`);
    const phases: Statement[][] = [];
    for (let i = 0; i < log.length; i += 2) phases.push([log[i], log[i + 1]]);
    recorded.push({ request, phases, main: 0, ids: response.results.map((card) => card.id), numResults: response.numResults });
  }
  return recorded;
}

/** Runs one request's SQL the way the service does. */
export async function replay(exec: Exec, recorded: RecordedRequest): Promise<void> {
  for (const phase of recorded.phases) await Promise.all(phase.map((statement) => runStatement(exec, statement)));
}

export interface LoopResult {
  completed: number;
  seconds: number;
  /** Milliseconds per request (all phases). */
  latencies: number[];
  errors: number;
}

/**
 * Closed loop: `workers` concurrent clients, each taking the next request of the mix (one shared
 * cursor, like the API run) as soon as its previous one finished, for `seconds`.
 */
export async function closedLoop(exec: Exec, mix: RecordedRequest[], workers: number, seconds: number, cursor: { next: number }): Promise<LoopResult> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const recorded = mix[cursor.next++ % mix.length];
      const t0 = performance.now();
      try {
        await replay(exec, recorded);
        latencies.push(performance.now() - t0);
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
  return { completed: latencies.length, seconds: (performance.now() - started) / 1000, latencies, errors };
}
