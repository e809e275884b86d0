/**
 * How long a failed job waits before its next attempt: `baseMs` after the first failure,
 * doubling with each further one, never more than `maxMs`. A mail server down for an hour is
 * tried a handful of times, not thousands.
 */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), maxMs);
}
