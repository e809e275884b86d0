/**
 * Issue 36's render targets, judged when a page's cache is off (every request rendered): server
 * CPU a render on PostgreSQL, and PGlite within twice those bounds.
 */
export const VISITOR_RENDER_MS = 3;
export const MEMBER_RENDER_MS = 5;
export const PGLITE_RENDER_FACTOR = 2;

/** One page measured with its cache off, on one engine. */
export interface Render {
  engine: 'PGlite' | 'PostgreSQL';
  /** The page without its engine: `visitor /members`. */
  page: string;
  /** Server CPU per answered request; NaN when nothing was answered. */
  cpuMs: number;
  /** The page's bound on PostgreSQL. */
  maxMs: number;
}

/**
 * Each rendered page's CPU against its target: on PostgreSQL the page's own bound, on PGlite twice
 * that bound (the issue's "PGlite within 2×"). PGlite's figure over PostgreSQL's for the same page
 * in the same run is shown beside it: both servers saw the same host.
 */
export function judgeRenders(renders: Render[]): { rows: string[][]; lines: string[]; missed: string[] } {
  const onPostgres = new Map(renders.filter((render) => render.engine === 'PostgreSQL').map((render) => [render.page, render.cpuMs]));
  const rows: string[][] = [];
  const lines: string[] = [];
  const missed: string[] = [];
  for (const render of renders) {
    const embedded = render.engine !== 'PostgreSQL';
    const limit = embedded ? PGLITE_RENDER_FACTOR * render.maxMs : render.maxMs;
    const postgresMs = onPostgres.get(render.page);
    const overPostgres = embedded && postgresMs ? `${(render.cpuMs / postgresMs).toFixed(2)}×` : '-';
    const verdict = !Number.isFinite(render.cpuMs) ? 'INVALID (nothing answered)' : render.cpuMs <= limit ? 'PASS' : 'FAIL';
    const cpu = Number.isFinite(render.cpuMs) ? render.cpuMs.toFixed(2) : '-';
    rows.push([render.page, render.engine, cpu, overPostgres, `≤ ${limit} ms`, verdict]);
    const line = `${render.engine} ${render.page} rendered: ${cpu} ms CPU a render (≤ ${limit} ms${embedded ? `; ${overPostgres} PostgreSQL's` : ''}) — ${verdict}`;
    lines.push(line);
    if (verdict !== 'PASS') missed.push(line);
  }
  return { rows, lines, missed };
}
