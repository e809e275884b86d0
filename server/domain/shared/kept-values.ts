import type { Clock } from './clock';

export interface KeptValues<Key, Value> {
  /** The value kept for `key`; `load`'s when none is kept or the kept one is too old. */
  get(key: Key, load: () => PromiseLike<Value>): Promise<Value>;
  /** Drops every kept value, and any load under way: the next caller loads again. */
  forget(): void;
  /** How many values are kept (or loading) now. */
  readonly size: number;
}

/**
 * Values read by key and kept for a short time, for what is the same for many requests and
 * changes rarely (the visitors' faces, a site's partner cards, the home page's figures).
 *
 * - One load per key however many callers ask at once: they share its promise.
 * - A failed load is not kept: the next caller tries again.
 * - At most `maxKeys` are kept, the oldest first out, because some keys come from requests (a
 *   visitor's country).
 * - `forget` also drops loads under way, so a read that began before a change is never kept
 *   after it.
 *
 * Kept values are shared between requests: callers must not change them.
 */
export function keepValues<Key, Value>(options: { clock: Clock; keptMs: number; maxKeys: number }): KeptValues<Key, Value> {
  const kept = new Map<Key, { value: Promise<Value>; loadedAt: number }>();

  return {
    get(key, load) {
      const now = options.clock.now().getTime();
      const entry = kept.get(key);
      if (entry && now - entry.loadedAt < options.keptMs) return entry.value;
      // `Promise.resolve` adopts a thenable once: a drizzle query runs again on every `then`.
      const loading = { value: Promise.resolve(load()), loadedAt: now };
      kept.delete(key);
      // A Map iterates in insertion order: the first key is the one kept longest.
      if (kept.size >= options.maxKeys) kept.delete(kept.keys().next().value as Key);
      kept.set(key, loading);
      loading.value.catch(() => {
        if (kept.get(key) === loading) kept.delete(key);
      });
      return loading.value;
    },

    forget() {
      kept.clear();
    },

    get size() {
      return kept.size;
    },
  };
}
