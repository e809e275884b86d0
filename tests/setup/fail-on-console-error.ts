import { afterEach, vi } from 'vitest';

/** An error logged during a test is a bug even when the assertions pass. */
const spy = vi.spyOn(console, 'error');

afterEach(() => {
  const calls = spy.mock.calls.splice(0);
  if (calls.length) throw new Error(`console.error was called during the test:\n${calls.map((args) => args.join(' ')).join('\n')}`);
});
