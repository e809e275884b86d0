/**
 * Whether any route's loader data still holds a promise (data a page streams after its first
 * screen, like the profile page's related members). Only such a page gains from sending its
 * shell first: without one, React's out-of-order streaming only adds its runtime and hidden
 * copies of the data scripts (~1.2 KB of every member page, issue 20).
 */
export function hasDeferredData(loaderData: Record<string, unknown>): boolean {
  return Object.values(loaderData).some((value) => holdsPromise(value, 0));
}

/** Loader data is plain JSON-like values; a few levels cover every page's shape. */
const MAX_DEPTH = 6;

function holdsPromise(value: unknown, depth: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (typeof (value as { then?: unknown }).then === 'function') return true;
  if (depth >= MAX_DEPTH) return false;
  const children = Array.isArray(value) ? value : Object.values(value);
  return children.some((child) => holdsPromise(child, depth + 1));
}
