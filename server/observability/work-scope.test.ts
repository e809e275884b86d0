import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { currentRequestId, nextStep, runOutsideRequest, runWithPace, runWithRequestId } from './work-scope';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tick = () => new Promise((resolve) => setImmediate(resolve));

/** A pace that counts its turns: `nextStep()` under it is one turn more. */
function countingPace() {
  const pace = { turns: 0, turn: async () => void (pace.turns += 1) };
  return pace;
}

describe('the work scope', () => {
  it("follows a request's id across awaits and timers, unpaced, and is empty outside", async () => {
    const seen = await runWithRequestId('req-1', async () => {
      await tick();
      return new Promise<[string | undefined, unknown]>((resolve) => setTimeout(() => resolve([currentRequestId(), nextStep()]), 1));
    });
    expect(seen).toEqual(['req-1', undefined]);
    expect(currentRequestId()).toBeUndefined();
    expect(nextStep()).toBeUndefined();
  });

  it('gives a paced job its pace and keeps the id of the request that enqueued it', async () => {
    const pace = countingPace();
    const requestId = await runWithRequestId('req-2', () =>
      runWithPace(pace, async () => {
        await tick();
        await nextStep();
        await nextStep();
        return currentRequestId();
      }),
    );
    expect([requestId, pace.turns]).toEqual(['req-2', 2]);
  });

  it('drops the request id for shared work, and keeps the pace of the job that starts it', async () => {
    const inRequest = await runWithRequestId('req-3', () => runOutsideRequest(async () => [currentRequestId(), nextStep()]));
    expect(inRequest).toEqual([undefined, undefined]);
    const pace = countingPace();
    const inPacedJob = await runWithRequestId('req-4', () =>
      runWithPace(pace, () =>
        runOutsideRequest(async () => {
          await nextStep();
          return currentRequestId();
        }),
      ),
    );
    expect([inPacedJob, pace.turns]).toEqual([undefined, 1]);
  });

  it('is the only AsyncLocalStorage the server makes: each one costs every async step of the process', () => {
    const makers: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.(ts|mts|mjs)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) && /new AsyncLocalStorage\b/.test(readFileSync(file, 'utf8')))
          makers.push(path.relative(SERVER_DIR, file));
      }
    };
    walk(SERVER_DIR);
    expect(makers).toEqual([path.join('observability', 'work-scope.ts')]);
  });
});
