import os from 'node:os';
import type { Config } from '../config';
import { openDatabase } from '../db/client';
import { DirectoryLockedError } from '../db/pglite-lock';
import { createServices, type ServiceOverrides } from '../services';
import type { JobLog } from './job-runner';

/** One JSON line per event on stderr, like the server's log, so one collector reads both. */
const jsonLog: JobLog = (message, details) => console.warn(JSON.stringify({ level: 'warn', time: new Date().toISOString(), msg: message, ...details }));

/**
 * The job runner as a process of its own (`npm run worker`): the database, the services the
 * handlers use, the runner, and no HTTP. Answers a `stop` that lets running jobs finish.
 */
export async function startWorker(config: Config, overrides: ServiceOverrides = {}): Promise<{ stop(): Promise<void> }> {
  // A worker shares the machine with web instances, often: at a lower priority, a burst of
  // jobs (a digest to 100,000 members) takes the CPU the web leaves idle instead of making
  // members' pages wait. Raising one's own niceness needs no privilege.
  try {
    os.setPriority(Math.max(os.getPriority(), 10));
  } catch {
    // Some containers forbid it; the worker then runs at the server's priority.
  }
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
    services.jobRunner.start({ log: overrides.jobs?.log ?? jsonLog });
    return {
      async stop() {
        try {
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
