// Dies on the password 'crash-now'; answers every other check with 4, a score no in-process
// check of the tests' weak passwords gives, so the tests can tell who answered.
import { parentPort } from 'node:worker_threads';

parentPort.postMessage({ ready: true });
parentPort.on('message', ({ id, password }) => {
  if (password === 'crash-now') throw new Error('crashed on purpose');
  parentPort.postMessage({ id, score: 4 });
});
