/**
 * Spec §7: lists that change only with an operator's edit (a country's regions, …) are loaded
 * once and cached: one request per key for the life of the tab, shared by every component that
 * asks at the same time. A failed load is forgotten, so the next use asks again.
 */
export interface OnceCache<T> {
  /** The value, loading it on first use. */
  load(key: string): Promise<T>;
  /** The value if it has arrived, so a component renders it at once instead of after an effect. */
  peek(key: string): T | undefined;
}

export function createOnceCache<T>(fetchValue: (key: string) => Promise<T>): OnceCache<T> {
  const pending = new Map<string, Promise<T>>();
  const arrived = new Map<string, T>();
  return {
    load(key) {
      let value = pending.get(key);
      if (!value) {
        value = fetchValue(key).then(
          (result) => {
            arrived.set(key, result);
            return result;
          },
          (error: unknown) => {
            pending.delete(key);
            throw error;
          },
        );
        pending.set(key, value);
      }
      return value;
    },
    peek: (key) => arrived.get(key),
  };
}
