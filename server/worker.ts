import os from 'node:os';
import { loadConfig } from './config';
import { startWorker } from './jobs/worker-process';

/**
 * `npm run worker`: runs the background jobs only, for deployments that scale web and jobs
 * apart (servers with WORKER=off). Several workers on one PostgreSQL never run a job twice.
 */
/**
 * A worker shares the machine with web instances, often: at a lower priority, a burst of jobs
 * (a digest to 100,000 members) takes the CPU the web leaves idle instead of making members'
 * pages wait. Raising one's own niceness needs no privilege. Done here, for the process, and not
 * in `startWorker`: on Linux it applies to the calling thread, and a test that starts a worker
 * inside its own thread would leave that thread (and every test file after it) starved.
 */
function lowerOwnPriority() {
  try {
    os.setPriority(Math.max(os.getPriority(), 10));
  } catch {
    // Some containers forbid it; the worker then runs at the server's priority.
  }
}

async function main() {
  lowerOwnPriority();
  const config = loadConfig();
  const worker = await startWorker(config);
  process.stdout.write(`Rendezvous worker running the background jobs (${config.database.kind === 'postgres' ? 'PostgreSQL' : 'embedded database'})\n`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`${signal}: finishing the running jobs\n`);
    const force = setTimeout(() => process.exit(1), 30_000).unref();
    try {
      await worker.stop();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
