import { loadConfig } from './config';
import { startWorker } from './jobs/worker-process';

/**
 * `npm run worker`: runs the background jobs only, for deployments that scale web and jobs
 * apart (servers with WORKER=off). Several workers on one PostgreSQL never run a job twice.
 */
async function main() {
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
