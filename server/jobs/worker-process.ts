import type { Config } from '../config';
import { openDatabase } from '../db/client';
import { DirectoryLockedError } from '../db/pglite-lock';
import { createServices, type ServiceOverrides, type Services } from '../services';
import type { JobLog } from './job-runner';
import { startJobRunner } from './start-job-runner';
import { createMetricsAccess } from '../observability/metrics-access';
import { startMetricsListener } from '../observability/metrics-listener';
import { currentRequestId } from '../observability/work-scope';

/**
 * One JSON line per event on stderr, like the server's log, so one collector reads both. A line
 * written while a job runs carries the id of the request that enqueued it (ADR 0045).
 */
const jsonLog: JobLog = (message, details, level = 'warn') => {
  const requestId = currentRequestId();
  const line = JSON.stringify({ level, time: new Date().toISOString(), msg: message, ...(requestId && { requestId }), ...details });
  if (level === 'info') console.info(line);
  else console.warn(line);
};

/**
 * The job runner as a process of its own (`npm run worker`): the database, the services the
 * handlers use, the runner, and no HTTP. Answers a `stop` that lets running jobs finish.
 */
export async function startWorker(
  config: Config,
  overrides: ServiceOverrides = {},
): Promise<{ stop(): Promise<void>; services: Services; metricsPort: number | null }> {
  const database = await openDatabase(config.database).catch((error: unknown) => {
    if (error instanceof DirectoryLockedError) {
      throw new Error(
        `npm run worker cannot open the embedded database in ${error.directory}: the server (process ${error.owner}) has it open, ` +
          'and the embedded database works in one process only. That server runs the jobs itself; ' +
          'for a separate worker, use PostgreSQL (DATABASE_URL) and start the servers with WORKER=off.',
      );
    }
    throw error;
  });
  try {
    const services = await createServices(config, database, overrides);
    const log = overrides.jobs?.log ?? jsonLog;
    // The worker has no HTTP server: its metrics (jobs, pools, the process) get a port of their own.
    const metrics = config.metrics.workerPort
      ? await startMetricsListener({
          access: createMetricsAccess({ registry: services.metrics.registry, token: config.metrics.token }),
          host: config.host,
          port: config.metrics.workerPort,
          onError: (error) => log('metrics scrape failed', { error: String(error) }),
        }).catch(async (error: unknown) => {
          await services.close();
          throw error;
        })
      : null;
    startJobRunner(services.jobRunner, config.jobBudget, 'worker', log);
    return {
      services,
      metricsPort: metrics?.port ?? null,
      async stop() {
        try {
          await metrics?.close();
          await services.close();
        } finally {
          await database.close();
        }
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
