const STORAGE_KEY = 'chunk-reload-at';
/** Spec §9: a failed route chunk reloads the page at most once per 60 s. */
export const CHUNK_RELOAD_GUARD_MS = 60_000;

const CHUNK_ERROR_PATTERNS = [
  /Failed to fetch dynamically imported module/i,
  /Importing a module script failed/i,
  /error loading dynamically imported module/i,
  /Unable to preload CSS/i,
];

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(message));
}

/**
 * After a deploy, an open tab may ask for route chunks that no longer exist. A reload fetches
 * the new ones; the guard keeps a persistent failure from reloading in a loop.
 * Returns whether a reload was started.
 */
export function reloadAfterChunkError(now = Date.now(), storage: Storage = window.sessionStorage): boolean {
  const last = Number(storage.getItem(STORAGE_KEY) ?? 0);
  if (now - last < CHUNK_RELOAD_GUARD_MS) return false;
  storage.setItem(STORAGE_KEY, String(now));
  window.location.reload();
  return true;
}
