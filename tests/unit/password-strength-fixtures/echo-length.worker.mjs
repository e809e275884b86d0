// Answers every check with the length of the password it was sent: shows what crosses to the thread.
import { parentPort } from 'node:worker_threads';

parentPort.postMessage({ ready: true });
parentPort.on('message', ({ id, password }) => parentPort.postMessage({ id, score: password.length }));
