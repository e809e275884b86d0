import { describe, expect, it } from 'vitest';
import { createManualClock } from './clock';
import { keepValues } from './kept-values';

/** A source that counts its loads, can be made to fail, and can hold a load open. */
function countingSource() {
  const loads: string[] = [];
  let failing = false;
  let held: Promise<void> | null = null;
  return {
    loads,
    fail: (value: boolean) => (failing = value),
    hold() {
      let release!: () => void;
      held = new Promise((resolve) => (release = resolve));
      return () => {
        held = null;
        release();
      };
    },
    load(key: string) {
      return async () => {
        loads.push(key);
        const number = loads.length;
        if (held) await held;
        if (failing) throw new Error('database away');
        return { key, number };
      };
    },
  };
}

const KEPT_MS = 30_000;

describe('kept values', () => {
  it('load once per key however many callers ask at once, and share the value', async () => {
    const source = countingSource();
    const kept = keepValues<string, { key: string; number: number }>({ clock: createManualClock(), keptMs: KEPT_MS, maxKeys: 10 });
    const [a, b] = await Promise.all([kept.get('NL', source.load('NL')), kept.get('NL', source.load('NL'))]);
    expect(a).toBe(b);
    await kept.get('DE', source.load('DE'));
    expect(source.loads).toEqual(['NL', 'DE']);
  });

  it('load again once the time is up, and never keep a failure', async () => {
    const clock = createManualClock();
    const source = countingSource();
    const kept = keepValues<string, { key: string; number: number }>({ clock, keptMs: KEPT_MS, maxKeys: 10 });
    await kept.get('NL', source.load('NL'));
    clock.advance(KEPT_MS - 1);
    expect(await kept.get('NL', source.load('NL'))).toEqual({ key: 'NL', number: 1 });
    clock.advance(1);
    expect(await kept.get('NL', source.load('NL'))).toEqual({ key: 'NL', number: 2 });

    clock.advance(KEPT_MS);
    source.fail(true);
    await expect(kept.get('NL', source.load('NL'))).rejects.toThrow('database away');
    expect(kept.size).toBe(0);
    source.fail(false);
    expect(await kept.get('NL', source.load('NL'))).toEqual({ key: 'NL', number: 4 });
  });

  it('keep at most so many keys, the oldest first out', async () => {
    const source = countingSource();
    const kept = keepValues<string, { key: string; number: number }>({ clock: createManualClock(), keptMs: KEPT_MS, maxKeys: 3 });
    for (const country of ['AA', 'BB', 'CC', 'DD']) await kept.get(country, source.load(country));
    expect(kept.size).toBe(3);
    await kept.get('DD', source.load('DD'));
    await kept.get('AA', source.load('AA'));
    expect(source.loads).toEqual(['AA', 'BB', 'CC', 'DD', 'AA']);
  });

  it('after forget, load again, and never keep what a load begun before it read', async () => {
    const source = countingSource();
    const kept = keepValues<string, { key: string; number: number }>({ clock: createManualClock(), keptMs: KEPT_MS, maxKeys: 10 });
    const release = source.hold();
    const before = kept.get('NL', source.load('NL'));
    kept.forget();
    release();
    expect(await before).toEqual({ key: 'NL', number: 1 });
    expect(await kept.get('NL', source.load('NL'))).toEqual({ key: 'NL', number: 2 });
    expect(await kept.get('NL', source.load('NL'))).toEqual({ key: 'NL', number: 2 });
  });

  it('run a thenable such as a database query once, not once per caller', async () => {
    let runs = 0;
    // Like a drizzle query: it runs again on every `then`.
    const query = { then: (resolve: (rows: number[]) => void) => resolve([++runs]) } as unknown as PromiseLike<number[]>;
    const kept = keepValues<number, number[]>({ clock: createManualClock(), keptMs: KEPT_MS, maxKeys: 10 });
    await Promise.all([kept.get(1, () => query), kept.get(1, () => query), kept.get(1, () => query)]);
    expect(runs).toBe(1);
  });
});
