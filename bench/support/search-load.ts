import autocannon from 'autocannon';
import type { Exec, SearchRequest } from './search-data';
import { closedLoop, type RecordedRequest } from './search-sql';
import type { RunningServer } from './server';

/** The search bench's two sides under load: the API through autocannon, the direct SQL in a closed loop. */

export interface Sample {
  count: number;
  seconds: number;
  latencies: number[];
  faults: number;
}

export function emptySample(): Sample {
  return { count: 0, seconds: 0, latencies: [], faults: 0 };
}

/** Every request once through the API: HTTP 200 and the same page and count as the recorded SQL. */
export async function verify(server: RunningServer, recorded: RecordedRequest[]): Promise<string[]> {
  const problems: string[] = [];
  for (const r of recorded) {
    const headers: Record<string, string> = r.request.member ? { cookie: r.request.member.cookie } : {};
    const response = await fetch(`${server.url}${r.request.path}`, { headers });
    const text = await response.text();
    if (response.status !== 200) {
      problems.push(`${r.request.path}: HTTP ${response.status} ${text.slice(0, 200)}`);
      continue;
    }
    const body = JSON.parse(text) as { results: Array<{ id: number }>; numResults: number };
    const ids = body.results.map((card) => card.id);
    if (body.numResults !== r.numResults || ids.join(',') !== r.ids.join(',')) {
      problems.push(
        `${r.request.path}: API ${body.numResults} results [${ids.slice(0, 3).join(',')}…], direct ${r.numResults} [${r.ids.slice(0, 3).join(',')}…]`,
      );
    }
  }
  return problems;
}

export async function apiLoad(
  server: RunningServer,
  requests: SearchRequest[],
  connections: number,
  duration: number,
  cursor: { next: number },
  into?: Sample,
): Promise<void> {
  const instance = autocannon({
    url: server.url,
    connections,
    duration,
    timeout: 10,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          const next = requests[cursor.next++ % requests.length];
          return { ...request, path: next.path, headers: next.member ? { ...request.headers, cookie: next.member.cookie } : request.headers };
        },
      },
    ],
    renderProgressBar: false,
    renderResultsTable: false,
    renderLatencyTable: false,
  });
  if (into) {
    instance.on('response', (_client: unknown, status: number, _bytes: number, responseTime: number) => {
      into.latencies.push(responseTime);
      if (status !== 200) into.faults++;
    });
  }
  const result = await instance;
  if (!into) return;
  into.count += result.requests.total;
  into.seconds += result.duration;
  into.faults += result.errors + result.timeouts;
}

export async function directLoad(
  exec: Exec,
  recorded: RecordedRequest[],
  workers: number,
  duration: number,
  cursor: { next: number },
  into?: Sample,
): Promise<void> {
  const result = await closedLoop(exec, recorded, workers, duration, cursor);
  if (!into) return;
  into.count += result.completed;
  into.seconds += result.seconds;
  into.latencies.push(...result.latencies);
  into.faults += result.errors;
}
