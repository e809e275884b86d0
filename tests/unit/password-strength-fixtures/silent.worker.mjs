// Starts, then never answers: a stuck thread.
import { parentPort } from 'node:worker_threads';

parentPort.postMessage({ ready: true });
parentPort.on('message', () => undefined);
