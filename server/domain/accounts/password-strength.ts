import { Worker } from 'node:worker_threads';
import { ANALYSED_LENGTH, scorePassword } from './password-estimator.mjs';

/**
 * zxcvbn's score 3 ("safely unguessable", at least 10^8 guesses) is the least a new password
 * must reach: 'aaaaaaaa', eight spaces or 'password123' score 0, 'Sommer2024!' 3, the demo
 * members' 'rendezvous-demo' 3, 'correct horse battery' 4.
 */
export const MIN_PASSWORD_SCORE = 3;

/** A check answers in milliseconds; one that takes this long has a stuck thread behind it. */
const CHECK_TIMEOUT_MS = 5_000;
/** Building the dictionaries takes about a second alone, several on a busy 2-core machine. */
const START_TIMEOUT_MS = 30_000;

type Answer = { id: number; score: number } | { id: number; error: string } | { ready: true };

export interface StrengthCheckerOptions {
  /** The worker thread's script; tests pass one that misbehaves. */
  workerUrl?: URL;
  checkTimeoutMs?: number;
  startTimeoutMs?: number;
  /** Told why a check was answered in this thread instead of the worker's. */
  onFallback?: (reason: Error) => void;
}

/**
 * Scores passwords in a worker thread of its own (ADR 0084): zxcvbn's dictionaries take about
 * 50 MB of heap, and in the server's heap every full collection had to mark them — 21–49 ms
 * pauses under chat load. One thread, started on first use (or by `prepare`), restarted after a
 * crash on the next check. It never keeps the process alive when idle, but holds it while a check
 * waits, so a script that checks one password (a staff enrolment) gets its answer before it exits.
 * When the thread cannot answer — it crashed, hung or never started — the check is made in this
 * thread instead: a member signing up gets the same verdict a little later, never an error.
 */
export function createStrengthChecker(options: StrengthCheckerOptions = {}) {
  const workerUrl = options.workerUrl ?? new URL('./password-strength.worker.mjs', import.meta.url);
  const checkTimeoutMs = options.checkTimeoutMs ?? CHECK_TIMEOUT_MS;
  const startTimeoutMs = options.startTimeoutMs ?? START_TIMEOUT_MS;
  const onFallback = options.onFallback ?? warnOnce();

  type Pending = { resolve: (score: number) => void; reject: (error: Error) => void };
  type Handle = { worker: Worker; ready: Promise<void>; users: number; waiting: Map<number, Pending> };
  let current: Handle | null = null;
  let lastId = 0;

  function start(): Handle {
    // The server's young-generation floor (ADR 0083) is a process flag and would apply here too;
    // this thread only builds its dictionaries once and answers a check now and then, and with a
    // young generation of 8 MB it took 88–92 MB of memory instead of 114–119 MB.
    const worker = new Worker(workerUrl, { resourceLimits: { maxYoungGenerationSizeMb: 8 } });
    let settleReady: { resolve: () => void; reject: (error: Error) => void };
    const ready = new Promise<void>((resolve, reject) => (settleReady = { resolve, reject }));
    // Nobody may be waiting on `ready` when the thread fails (a prepare nobody awaited).
    ready.catch(() => undefined);
    const startTimer = setTimeout(() => fail(new Error(`the password-strength thread did not start within ${startTimeoutMs} ms`)), startTimeoutMs);
    startTimer.unref();
    // Each thread's own checks: a thread that dies fails only what it was asked.
    const waiting = new Map<number, Pending>();
    const handle = { worker, ready, users: 0, waiting };

    function fail(error: Error) {
      clearTimeout(startTimer);
      settleReady.reject(error);
      if (current === handle) current = null;
      for (const [id, pending] of waiting) {
        waiting.delete(id);
        pending.reject(error);
      }
      worker.unref();
      void worker.terminate();
    }

    worker.on('message', (answer: Answer) => {
      if ('ready' in answer) {
        clearTimeout(startTimer);
        settleReady.resolve();
        return;
      }
      const pending = waiting.get(answer.id);
      if (!pending) return;
      waiting.delete(answer.id);
      if ('score' in answer) pending.resolve(answer.score);
      else pending.reject(new Error(`the password-strength thread failed: ${answer.error}`));
    });
    worker.on('error', (error) => fail(error));
    worker.on('exit', (code) => fail(new Error(`the password-strength thread exited (code ${code})`)));
    // After the listeners: adding a 'message' listener references the thread again.
    worker.unref();
    return handle;
  }

  async function scoreInWorker(password: string, inputs: string[]): Promise<number> {
    const handle = (current ??= start());
    // Held while someone waits on it, dictionaries included: an unreferenced thread would let a
    // script's process exit before its answer came.
    handle.users++;
    handle.worker.ref();
    try {
      await handle.ready;
      return await ask(handle, password, inputs);
    } finally {
      if (--handle.users === 0) handle.worker.unref();
    }
  }

  function ask({ worker, waiting }: Handle, password: string, inputs: string[]): Promise<number> {
    const id = ++lastId;
    return new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => {
        // A thread this slow is stuck: end it, so the next check starts a fresh one.
        if (current?.worker === worker) current = null;
        waiting.delete(id);
        void worker.terminate();
        reject(new Error(`the password-strength thread did not answer within ${checkTimeoutMs} ms`));
      }, checkTimeoutMs);
      waiting.set(id, {
        resolve: (score) => (clearTimeout(timer), resolve(score)),
        reject: (error) => (clearTimeout(timer), reject(error)),
      });
      worker.postMessage({ id, password, inputs });
    });
  }

  return {
    /** zxcvbn's score (0–4) of the password's analysed prefix; `inputs` are lower-cased personal words. */
    async score(password: string, inputs: string[]): Promise<number> {
      const analysed = password.slice(0, ANALYSED_LENGTH);
      try {
        return await scoreInWorker(analysed, inputs);
      } catch (error) {
        onFallback(error instanceof Error ? error : new Error(String(error)));
        return scorePassword(analysed, inputs);
      }
    },
    /** Starts the thread and waits until its dictionaries are built; a failure is left to the first check. */
    async prepare(): Promise<void> {
      current ??= start();
      await current.ready.catch(() => undefined);
    },
    /** Ends the thread; a later check would start another. */
    async stop(): Promise<void> {
      const handle = current;
      current = null;
      if (handle) await handle.worker.terminate();
    },
  };
}

/** Operators hear of the first fallback; members never notice one. */
function warnOnce() {
  let warned = false;
  return (reason: Error) => {
    if (warned) return;
    warned = true;
    process.emitWarning(`password strength checked in the server's own thread: ${reason.message}`, { code: 'RENDEZVOUS_PASSWORD_STRENGTH_FALLBACK' });
  };
}

/** One thread per process. */
const checker = createStrengthChecker();

/** Builds the dictionaries now (in the worker thread), so the first sign-up does not wait for them. */
export function prepareStrengthCheck(): Promise<void> {
  return checker.prepare();
}

/** Ends the worker thread on shutdown. */
export function stopStrengthCheck(): Promise<void> {
  return checker.stop();
}

/**
 * Whether a password is too easy to guess. `personal` are words an attacker would try first for
 * this member: their e-mail address, its local part, their name, the site's name.
 */
export async function isTooGuessable(password: string, personal: string[]): Promise<boolean> {
  const inputs = personal.filter((word) => word.length >= 3).map((word) => word.toLowerCase());
  return (await checker.score(password, inputs)) < MIN_PASSWORD_SCORE;
}
