// The password-strength worker thread (ADR 0084): zxcvbn's dictionaries live in this thread's heap,
// not in the server's, whose every full collection would otherwise mark them. Plain JavaScript for
// the reason given in password-estimator.mjs.
import { parentPort } from 'node:worker_threads';
import { loadEstimator, scorePassword } from './password-estimator.mjs';

if (!parentPort) throw new Error('password-strength.worker.mjs runs as a worker thread');
const port = parentPort;

// Built before the first question, and said so: the server times a check from the moment the
// dictionaries are ready, not from the thread's start.
await loadEstimator();
port.postMessage({ ready: true });

port.on('message', (/** @type {{ id: number, password: string, inputs: string[] }} */ { id, password, inputs }) => {
  scorePassword(password, inputs).then(
    (score) => port.postMessage({ id, score }),
    (error) => port.postMessage({ id, error: error instanceof Error ? error.message : String(error) }),
  );
});
