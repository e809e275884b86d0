import { describe, expect, it, vi } from 'vitest';
import { createOnceCache } from './load-once';

describe('createOnceCache', () => {
  it('asks once per key, also when several ask at the same time', async () => {
    const fetchValue = vi.fn(async (key: string) => `regions of ${key}`);
    const cache = createOnceCache(fetchValue);
    expect(cache.peek('en:DE')).toBeUndefined();
    const [first, second] = await Promise.all([cache.load('en:DE'), cache.load('en:DE')]);
    expect(first).toBe('regions of en:DE');
    expect(second).toBe(first);
    await cache.load('en:NL');
    expect(await cache.load('en:DE')).toBe(first);
    expect(cache.peek('en:DE')).toBe(first);
    expect(fetchValue.mock.calls.map(([key]) => key)).toEqual(['en:DE', 'en:NL']);
  });

  it('asks again after a failed load', async () => {
    const fetchValue = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('regions');
    const cache = createOnceCache<string>(fetchValue);
    await expect(cache.load('en:DE')).rejects.toThrow('offline');
    expect(cache.peek('en:DE')).toBeUndefined();
    expect(await cache.load('en:DE')).toBe('regions');
    expect(fetchValue).toHaveBeenCalledTimes(2);
  });
});
