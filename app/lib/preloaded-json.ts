/** The fetches under way, by address: whoever asks meanwhile shares one. */
const pending = new Map<string, Promise<unknown>>();

const ATTEMPTS = 3;

/**
 * A content-hashed JSON file the page's head preloads (the catalogues, the site's settings),
 * fetched once per address at a time, in the preload's own mode so that this is the preloaded
 * answer. A network error or a 5xx is tried twice more; a failure is forgotten, so a later ask
 * tries again.
 */
export function fetchPreloadedJson<T>(url: string): Promise<T> {
  let fetching = pending.get(url) as Promise<T> | undefined;
  if (!fetching) {
    fetching = fetchWithRetries<T>(url).finally(() => pending.delete(url));
    pending.set(url, fetching);
  }
  return fetching;
}

async function fetchWithRetries<T>(url: string): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    let response: Response | null = null;
    try {
      // Same mode as `<link rel="preload" as="fetch" crossorigin>`.
      response = await fetch(url, { credentials: 'same-origin' });
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
    }
    if (response?.ok) return (await response.json()) as T;
    // A refusal (4xx) will not change on a second ask; the server's own trouble may.
    if (response && (response.status < 500 || attempt >= ATTEMPTS)) throw new Error(`${url}: ${response.status}`);
    await new Promise((resolve) => setTimeout(resolve, 300 * attempt));
  }
}
