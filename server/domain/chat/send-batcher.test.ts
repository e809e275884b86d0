import { describe, expect, it } from 'vitest';
import { createSendBatcher, type ItemOutcome } from './send-batcher';

describe('createSendBatcher', () => {
  it('commits items handed in together as one batch, and later ones in the next', async () => {
    const batches: number[][] = [];
    const batcher = createSendBatcher<number, number>({
      lanes: 1,
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
    expect(batches).toEqual([[1, 2, 3], [4, 5]]);
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
    expect(results.map((result) => (result.status === 'fulfilled' ? result.value : (result.reason as Error).message))).toEqual([1, 'two refused', 'three is bad', 4]);
    expect(calls).toEqual([[1, 2, 3, 4], [1], [2], [3], [4]]);
    await batcher.drain();
  });

  it('commits each key in its own lane: lanes run side by side, one key keeps its order', async () => {
    const running = new Set<number>();
    let mostAtOnce = 0;
    const batches: number[][] = [];
    const batcher = createSendBatcher<number, number>({
      lanes: 2,
      keyOf: (item) => item % 10,
      async commit(items) {
        const lane = items[0] % 2;
        expect(running.has(lane)).toBe(false);
        running.add(lane);
        mostAtOnce = Math.max(mostAtOnce, running.size);
        batches.push(items);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running.delete(lane);
        return items.map((item) => ({ ok: true, value: item }));
      },
    });
    const first = [11, 12, 21, 22].map((item) => batcher.submit(item));
    await new Promise((resolve) => setImmediate(resolve));
    const second = [31, 32].map((item) => batcher.submit(item));
    await Promise.all([...first, ...second]);
    await batcher.drain();
    expect(mostAtOnce).toBe(2);
    // Keys 1 (odd lane) and 2 (even lane): every batch holds one lane's items, in submission order.
    expect(batches).toEqual([[11, 21], [12, 22], [31], [32]]);
  });
});
