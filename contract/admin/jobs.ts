import { z } from 'zod';
import { RecordIdParam } from '../inputs';

/**
 * The background jobs that need an operator (issue 17): dead ones (out of attempts, never run
 * again on their own) and failing ones (waiting for their next attempt). Owners only.
 */
export const ConsoleJob = z.object({
  id: z.number().int(),
  kind: z.string(),
  /** `dead`: out of attempts; `failing`: failed, and tried again at `run_at`. */
  state: z.enum(['dead', 'failing']),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  run_at: z.iso.datetime(),
  dead_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
  payload: z.record(z.string(), z.unknown()),
});
export type ConsoleJob = z.infer<typeof ConsoleJob>;

export const ConsoleJobsList = z.object({ jobs: z.array(ConsoleJob) });
export type ConsoleJobsList = z.infer<typeof ConsoleJobsList>;

export const JobIdParams = z.object({ id: RecordIdParam });

/** How many failures the console and the CLI list, the latest first. */
export const JOB_FAILURES_SHOWN = 200;
