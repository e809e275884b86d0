import { describe, expect, it } from 'vitest';
import { createSendBatcher, type ItemOutcome } from './send-batcher';

describe('createSendBatcher', () => {
  it('commits items handed in together as one batch, and later ones in the next', async () => {
    const batches: number[][] = [];
    const batcher = createSendBatcher<number, number>({
      maxBatchesAtOnce: 1,
      async commit(items) {
        batches.push(items);
        await new Promise((resolve) => setTimeout(resolve, 5));
        return items.map((item) => ({ ok: true, value: item * 10 }));
      },
    });
    const first = [1, 2, 3].map((item) => batcher.submit(item));
    await new Promise((resolve) => setImmediate(resolve));
    const second = [4, 5].map((item) => batcher.submit(item));
    expect(await Promise.all([...first, ...second])).toEqual([10, 20, 30, 40, 50]);
    expect(batches).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it('caps the batch size', async () => {
    const sizes: number[] = [];
    const batcher = createSendBatcher<number, number>({
      maxBatchSize: 2,
      async commit(items) {
        sizes.push(items.length);
        return items.map((item) => ({ ok: true, value: item }));
      },
    });
    await Promise.all([1, 2, 3, 4, 5].map((item) => batcher.submit(item)));
    expect(sizes).toEqual([2, 2, 1]);
  });

  it('answers each item with its own error, and retries alone the items of a batch that failed whole', async () => {
    const calls: number[][] = [];
    const batcher = createSendBatcher<number, number>({
      async commit(items): Promise<ItemOutcome<number>[]> {
        calls.push(items);
        if (items.length > 1 && items.includes(3)) throw new Error('batch failed');
        if (items.includes(3)) throw new Error('three is bad');
        return items.map((item) => (item === 2 ? { ok: false, error: new Error('two refused') } : { ok: true, value: item }));
      },
    });
    const results = await Promise.allSettled([1, 2, 3, 4].map((item) => batcher.submit(item)));
    expect(results.map((result) => (result.status === 'fulfilled' ? result.value : (result.reason as Error).message))).toEqual([
      1,
      'two refused',
      'three is bad',
      4,
    ]);
    expect(calls).toEqual([[1, 2, 3, 4], [1], [2], [3], [4]]);
    await batcher.drain();
  });

  it('waits for the batch in flight while only a few items wait, and sends them together next', async () => {
    const batches: number[][] = [];
    let running = 0;
    let mostAtOnce = 0;
    const batcher = createSendBatcher<number, number>({
      backlogForAnotherBatch: 3,
      keyOf: (item) => item,
      async commit(items) {
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        batches.push(items);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
        return items.map((item) => ({ ok: true, value: item }));
      },
    });
    const first = batcher.submit(1);
    await new Promise((resolve) => setImmediate(resolve));
    const later = [2, 3].map((item) => batcher.submit(item));
    await Promise.all([first, ...later]);
    expect(mostAtOnce).toBe(1);
    expect(batches).toEqual([[1], [2, 3]]);
  });

  it('starts a second batch beside the first once a backlog waits; batches at once never share a key, and one key keeps its order', async () => {
    const keyOf = (item: number) => item % 10;
    const keysInFlight = new Set<number>();
    let mostAtOnce = 0;
    const batches: number[][] = [];
    const batcher = createSendBatcher<number, number>({
      maxBatchSize: 2,
      backlogForAnotherBatch: 2,
      keyOf,
      async commit(items) {
        const keys = new Set(items.map(keyOf));
        for (const key of keys) expect(keysInFlight.has(key)).toBe(false);
        for (const key of keys) keysInFlight.add(key);
        mostAtOnce = Math.max(mostAtOnce, keysInFlight.size > keys.size ? 2 : 1);
        batches.push(items);
        await new Promise((resolve) => setTimeout(resolve, 5));
        for (const key of keys) keysInFlight.delete(key);
        return items.map((item) => ({ ok: true, value: item }));
      },
    });
    // Keys 1 and 2 hold the first batch; 21 and 12 wait for their keys; 3 and 4 form the second.
    await Promise.all([11, 12, 21, 3, 4, 22].map((item) => batcher.submit(item)));
    await batcher.drain();
    expect(mostAtOnce).toBe(2);
    expect(batches).toEqual([
      [11, 12],
      [3, 4],
      [21, 22],
    ]);
  });
});
