/**
 * Wraps a refresh so that bursts of calls cost one run: the first call starts it after
 * `delayMs`, calls while it waits join that run, and calls while it runs ask for exactly one
 * more run afterwards. At most one run is ever in flight. Failures are the task's own business.
 */
export function coalesce(task: () => Promise<unknown>, delayMs: number): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running = false;
  let again = false;

  const start = () => {
    timer = null;
    running = true;
    task()
      .catch(() => {})
      .finally(() => {
        running = false;
        if (!again) return;
        again = false;
        request();
      });
  };
  const request = () => {
    if (running) again = true;
    else timer ??= setTimeout(start, delayMs);
  };
  return request;
}
