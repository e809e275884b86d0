import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_GUARD_MS, isChunkLoadError, reloadAfterChunkError } from './chunk-reload';

function memoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
    clear: () => values.clear(),
    key: () => null,
    get length() {
      return values.size;
    },
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('reloadAfterChunkError', () => {
  it('reloads at most once per 60 seconds', () => {
    const reload = vi.fn();
    vi.stubGlobal('window', { location: { reload } });
    const storage = memoryStorage();
    expect(reloadAfterChunkError(1_000_000, storage)).toBe(true);
    expect(reloadAfterChunkError(1_000_000 + CHUNK_RELOAD_GUARD_MS - 1, storage)).toBe(false);
    expect(reloadAfterChunkError(1_000_000 + CHUNK_RELOAD_GUARD_MS, storage)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});

describe('isChunkLoadError', () => {
  it('recognises the browsers’ failed dynamic import messages', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Something else'))).toBe(false);
  });
});
