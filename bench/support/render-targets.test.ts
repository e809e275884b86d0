import { describe, expect, it } from 'vitest';
import { judgeRenders } from './render-targets';

describe('pages rendered with their cache off', () => {
  it('hold PostgreSQL to the page bound and PGlite to twice it, showing PGlite over PostgreSQL', () => {
    const { rows, missed } = judgeRenders([
      { engine: 'PGlite', page: 'visitor /', cpuMs: 5.9, maxMs: 3 },
      { engine: 'PGlite', page: 'member SSR /chats', cpuMs: 10.5, maxMs: 5 },
      { engine: 'PostgreSQL', page: 'visitor /', cpuMs: 2.95, maxMs: 3 },
      { engine: 'PostgreSQL', page: 'member SSR /chats', cpuMs: 5.2, maxMs: 5 },
    ]);
    expect(rows).toEqual([
      ['visitor /', 'PGlite', '5.90', '2.00×', '≤ 6 ms', 'PASS'],
      ['member SSR /chats', 'PGlite', '10.50', '2.02×', '≤ 10 ms', 'FAIL'],
      ['visitor /', 'PostgreSQL', '2.95', '-', '≤ 3 ms', 'PASS'],
      ['member SSR /chats', 'PostgreSQL', '5.20', '-', '≤ 5 ms', 'FAIL'],
    ]);
    expect(missed).toEqual([
      "PGlite member SSR /chats rendered: 10.50 ms CPU a render (≤ 10 ms; 2.02× PostgreSQL's) — FAIL",
      'PostgreSQL member SSR /chats rendered: 5.20 ms CPU a render (≤ 5 ms) — FAIL',
    ]);
  });

  it('call a page that answered nothing invalid, never a pass', () => {
    const { rows, missed } = judgeRenders([{ engine: 'PostgreSQL', page: 'visitor /', cpuMs: Number.NaN, maxMs: 3 }]);
    expect(rows[0]).toEqual(['visitor /', 'PostgreSQL', '-', '-', '≤ 3 ms', 'INVALID (nothing answered)']);
    expect(missed).toHaveLength(1);
  });
});
