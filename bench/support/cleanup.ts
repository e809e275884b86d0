/**
 * Undo steps a bench registers while it runs (stop a server, drop a scratch database, remove a
 * temp dir), run in reverse order either by the bench itself or by run.ts on Ctrl-C.
 */
const steps: Array<{ name: string; run: () => Promise<unknown> | unknown }> = [];

/** Registers an undo step; the returned function runs it now (once) and forgets it. */
export function onCleanup(name: string, run: () => Promise<unknown> | unknown): () => Promise<void> {
  const step = { name, run };
  steps.push(step);
  return async () => {
    const index = steps.indexOf(step);
    if (index === -1) return;
    steps.splice(index, 1);
    await step.run();
  };
}

/** Runs every registered step, newest first; failures are printed, not thrown. */
export async function runCleanups(): Promise<void> {
  while (steps.length) {
    const step = steps.pop()!;
    try {
      await step.run();
    } catch (error) {
      console.error(`cleanup "${step.name}" failed:`, error instanceof Error ? error.message : error);
    }
  }
}
