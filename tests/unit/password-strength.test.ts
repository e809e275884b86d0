import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { scorePassword } from '../../server/domain/accounts/password-estimator.mjs';
import { createStrengthChecker, isTooGuessable, MIN_PASSWORD_SCORE } from '../../server/domain/accounts/password-strength';

const fixture = (name: string) => new URL(`./password-strength-fixtures/${name}`, import.meta.url);
const root = path.resolve(__dirname, '../..');

const checkers: ReturnType<typeof createStrengthChecker>[] = [];
function checkerWith(options: Parameters<typeof createStrengthChecker>[0] = {}) {
  const fallbacks: string[] = [];
  const checker = createStrengthChecker({ onFallback: (reason) => fallbacks.push(reason.message), ...options });
  checkers.push(checker);
  return { checker, fallbacks };
}

afterEach(async () => {
  await Promise.all(checkers.splice(0).map((checker) => checker.stop()));
});

describe('password strength in its worker thread', () => {
  it('scores as zxcvbn does in this thread, personal words included, without falling back', async () => {
    const { checker, fallbacks } = checkerWith();
    const cases: [string, string[]][] = [
      ['aaaaaaaa', []],
      ['        ', []],
      ['password123', []],
      ['Sommer2024!', []],
      ['rendezvous-demo', []],
      ['correct horse battery', []],
      ['annavisser1987', []],
      ['annavisser1987', ['anna.visser@example.nl', 'annavisser']],
      ['Rendezvous2026!', ['rendezvous']],
      [`${'x7Q!'.repeat(40)}`, []],
    ];
    const inWorker = await Promise.all(cases.map(([password, inputs]) => checker.score(password, inputs)));
    const here = await Promise.all(cases.map(([password, inputs]) => scorePassword(password, inputs)));
    expect(inWorker).toEqual(here);
    expect(inWorker.slice(0, 6)).toEqual([0, 0, 0, 3, 3, 4]);
    // The member's own address makes the same password weaker.
    expect(inWorker[7]).toBeLessThan(inWorker[6]);
    expect(fallbacks).toEqual([]);
  });

  it('sends the thread only the analysed prefix of a long password', async () => {
    const { checker } = checkerWith({ workerUrl: fixture('echo-length.worker.mjs') });
    expect(await checker.score('p'.repeat(128), [])).toBe(64);
    expect(await checker.score('short', [])).toBe(5);
  });

  it('answers in this thread when the worker thread does not answer in time, and starts a fresh one', async () => {
    const { checker, fallbacks } = checkerWith({ workerUrl: fixture('silent.worker.mjs'), checkTimeoutMs: 300 });
    expect(await checker.score('aaaaaaaa', [])).toBe(0);
    expect(await checker.score('Sommer2024!', [])).toBe(3);
    expect(fallbacks).toEqual(['the password-strength thread did not answer within 300 ms', 'the password-strength thread did not answer within 300 ms']);
  });

  it('answers in this thread when the worker thread crashes, and the next check starts another', async () => {
    const { checker, fallbacks } = checkerWith({ workerUrl: fixture('crashing.worker.mjs') });
    expect(await checker.score('aaaaaaaa', [])).toBe(4);
    expect(await checker.score('crash-now', [])).toBe(await scorePassword('crash-now', []));
    expect(fallbacks).toEqual(['crashed on purpose']);
    // Answered by a new thread (4), not in this one ('aaaaaaaa' scores 0 here).
    expect(await checker.score('aaaaaaaa', [])).toBe(4);
    expect(fallbacks).toHaveLength(1);
  });

  it('answers in this thread when the worker thread cannot start', async () => {
    const { checker, fallbacks } = checkerWith({ workerUrl: fixture('never-ready.worker.mjs') });
    await checker.prepare();
    expect(await checker.score('password123', [])).toBe(0);
    expect(fallbacks).toEqual(['no dictionaries here']);
  });

  it('answers in this thread when the worker thread takes too long to start', async () => {
    const { checker, fallbacks } = checkerWith({ startTimeoutMs: 1 });
    expect(await checker.score('Sommer2024!', [])).toBe(3);
    expect(fallbacks).toEqual(['the password-strength thread did not start within 1 ms']);
  });

  it('tells a weak password from a strong one through the shared thread', async () => {
    expect(MIN_PASSWORD_SCORE).toBe(3);
    expect(await isTooGuessable('password123', [])).toBe(true);
    expect(await isTooGuessable('Sommer2024!', [])).toBe(false);
    expect(await isTooGuessable('annavisser1987!', ['anna.visser@example.nl', 'annavisser'])).toBe(true);
  });
});

// Each case starts node with tsx and builds the dictionaries in a thread: seconds alone, and
// up to a minute on a 2-core machine while the journeys and database files run beside it.
describe('the worker thread and the process', { timeout: 120_000 }, () => {
  const run = promisify(execFile);
  const script = path.join(root, 'tests/unit/password-strength-fixtures/check-once.mts');
  const node = (arg: string) => run(process.execPath, ['--import', 'tsx', script, arg], { cwd: root, timeout: 90_000 });

  it('keeps a script alive until its check is answered, then lets it exit', async () => {
    const [weak, strong] = await Promise.all([node('password123'), node('Sommer2024!')]);
    expect(weak.stdout).toBe('true\n');
    expect(strong.stdout).toBe('false\n');
  });

  it('does not keep an idle process alive', async () => {
    // Held by the thread, the script would never exit: killed at the timeout, the run rejects.
    await expect(node('prepare-only')).resolves.toMatchObject({ stdout: '' });
  });
});
