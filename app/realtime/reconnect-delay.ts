/**
 * How long a tab waits before its next connection attempt. Exponential from a quarter second,
 * capped at a few seconds: behind a load balancer a lost instance is replaced within a second
 * or two, and a long cap only left tabs idle long after the cluster was whole again (the
 * failover bench measured a p99 of 11 s with a 5 s cap reached after four quick failures).
 * Half of each wait is random ("equal jitter"), so tabs cut off together do not come back in
 * the same millisecond, yet each still waits longer after every failure.
 */
export const RECONNECT_BASE_MS = 250;
export const RECONNECT_CAP_MS = 4_000;
/** After a drain (1012) the first attempt goes at once, spread over this window. */
export const RESTART_SPREAD_MS = 1_000;
/** The server's "service restart" close: its instance is draining, another one takes the tab. */
export const SERVICE_RESTART = 1012;

/** `attempt` counts the failed attempts so far, 1 for the first reconnect. */
export function reconnectDelay(attempt: number, closeCode: number | undefined, random: () => number = Math.random): number {
  if (closeCode === SERVICE_RESTART && attempt === 1) return random() * RESTART_SPREAD_MS;
  const ceiling = Math.min(RECONNECT_CAP_MS, RECONNECT_BASE_MS * 2 ** attempt);
  return ceiling / 2 + random() * (ceiling / 2);
}
