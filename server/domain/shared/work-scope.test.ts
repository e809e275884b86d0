import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runInPacedScope, runInRequestScope, runWithoutRequestId, scopedPace, scopedRequestId } from './work-scope';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('the work scope', () => {
  it("follows a request's id across awaits and timers, and is empty outside", async () => {
    const seen = await runInRequestScope('req-1', async () => {
      await tick();
      return new Promise<string | undefined>((resolve) => setTimeout(() => resolve(scopedRequestId()), 1));
    });
    expect(seen).toBe('req-1');
    expect(scopedRequestId()).toBeUndefined();
    expect(scopedPace()).toBeUndefined();
  });

  it('gives a paced job its pace and keeps the id of the request that enqueued it', async () => {
    const pace = { turn: async () => undefined };
    const seen = await runInRequestScope('req-2', () =>
      runInPacedScope(pace, async () => {
        await tick();
        return { requestId: scopedRequestId(), pace: scopedPace() };
      }),
    );
    expect(seen).toEqual({ requestId: 'req-2', pace });
  });

  it('drops the request id for shared work, and keeps the pace of the job that starts it', async () => {
    const pace = { turn: async () => undefined };
    const inRequest = await runInRequestScope('req-3', () => runWithoutRequestId(async () => [scopedRequestId(), scopedPace()]));
    expect(inRequest).toEqual([undefined, undefined]);
    const inPacedJob = await runInRequestScope('req-4', () => runInPacedScope(pace, () => runWithoutRequestId(async () => [scopedRequestId(), scopedPace()])));
    expect(inPacedJob).toEqual([undefined, pace]);
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
    expect(makers).toEqual([path.join('domain', 'shared', 'work-scope.ts')]);
  });
});
