import { describe, expect, it } from 'vitest';
import { preparedOnce } from './prepared';

describe('preparedOnce', () => {
  it('builds its query on first use only, and hands the same one to every later call', () => {
    let built = 0;
    const query = preparedOnce(() => ({ n: ++built }));
    expect(built).toBe(0);
    const first = query();
    expect(query()).toBe(first);
    expect(query()).toBe(first);
    expect(built).toBe(1);
  });
});
