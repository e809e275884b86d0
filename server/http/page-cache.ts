import crypto from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** A rendered anonymous page, kept with its compressed forms so a hit costs neither rendering nor compressing. */
export interface CachedPage {
  /** Response headers as rendered (content type, CSP, Link …), never Set-Cookie. */
  headers: Record<string, string>;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** Weak: the br, gzip and identity bodies are the same page. */
  etag: string;
  storedAt: number;
}

export type CacheState = 'hit' | 'stale' | 'miss';

export interface PageCacheOptions {
  /** How long a page is served without asking anything. */
  freshMs: number;
  /** How long after that it is still served while one background render replaces it. */
  staleMs: number;
  /** The memory all kept pages may take, bodies and compressed forms together. */
  maxBytes: number;
  now: () => number;
  onError: (error: unknown) => void;
}

interface Entry {
  page: CachedPage;
  siteId: number;
  bytes: number;
}

/** What a render hands back: a page worth keeping, or null (not 200, sets a cookie …). */
export type Render = () => Promise<{ body: Buffer; headers: Record<string, string> } | null>;

/**
 * The anonymous page cache (ADR 0038): least recently used pages are dropped past `maxBytes`;
 * one render per key at a time (concurrent misses wait for it); a page past its fresh time is
 * served once more while a single background render replaces it; an invalidation drops the
 * site's pages (or all) and keeps any render that started before it from being stored.
 */
export function createPageCache(options: PageCacheOptions) {
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<CachedPage | null>>();
  let totalBytes = 0;
  let allSitesEpoch = 0;
  const siteEpochs = new Map<number, number>();
  const epochOf = (siteId: number) => `${allSitesEpoch}:${siteEpochs.get(siteId) ?? 0}`;

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    totalBytes -= entry.bytes;
  }

  function store(key: string, siteId: number, page: CachedPage) {
    remove(key);
    const bytes = page.identity.length + page.br.length + page.gzip.length + key.length * 2 + 512;
    if (bytes > options.maxBytes) return;
    entries.set(key, { page, siteId, bytes });
    totalBytes += bytes;
    for (const [oldest] of entries) {
      if (totalBytes <= options.maxBytes) break;
      remove(oldest);
    }
  }

  /** Renders once for every caller asking for `key` meanwhile; stores the page unless the site changed during the render. */
  function renderOnce(key: string, siteId: number, render: Render): Promise<CachedPage | null> {
    const running = inFlight.get(key);
    if (running) return running;
    const epoch = epochOf(siteId);
    const rendering = (async () => {
      const rendered = await render();
      if (!rendered) return null;
      const page = await compressPage(rendered.body, rendered.headers, options.now());
      if (epochOf(siteId) === epoch) store(key, siteId, page);
      return page;
    })().finally(() => inFlight.delete(key));
    inFlight.set(key, rendering);
    return rendering;
  }

  return {
    /**
     * The page for `key`: kept (hit), kept but old (stale, a background render refreshes it),
     * or rendered now (miss). Null page: the render gave nothing worth sharing — the caller
     * renders for itself.
     */
    async get(key: string, siteId: number, render: Render): Promise<{ page: CachedPage | null; state: CacheState }> {
      const entry = entries.get(key);
      if (entry) {
        const age = options.now() - entry.page.storedAt;
        if (age < options.freshMs + options.staleMs) {
          // Most recently used goes last.
          entries.delete(key);
          entries.set(key, entry);
          if (age < options.freshMs) return { page: entry.page, state: 'hit' };
          renderOnce(key, siteId, render).catch(options.onError);
          return { page: entry.page, state: 'stale' };
        }
        remove(key);
      }
      return { page: await renderOnce(key, siteId, render), state: 'miss' };
    },
    /** Looks without rendering (HEAD requests, tests). */
    peek(key: string): CachedPage | null {
      const page = entries.get(key)?.page;
      return page && options.now() - page.storedAt < options.freshMs + options.staleMs ? page : null;
    },
    /** Drops one site's pages: its settings, texts or prices changed. */
    invalidateSite(siteId: number) {
      siteEpochs.set(siteId, (siteEpochs.get(siteId) ?? 0) + 1);
      for (const [key, entry] of entries) if (entry.siteId === siteId) remove(key);
    },
    /** Drops every page: a member's profile shows on many pages of many sites. */
    invalidateAll() {
      allSitesEpoch += 1;
      entries.clear();
      totalBytes = 0;
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return totalBytes;
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

async function compressPage(body: Buffer, headers: Record<string, string>, storedAt: number): Promise<CachedPage> {
  // Once per page and refresh, off the main thread: worth brotli's better ratio over its fast levels.
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzip(body, { level: 9 }),
  ]);
  const etag = `W/"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  return { headers, identity: body, br, gzip: gz, etag, storedAt };
}

/** The best encoding the client takes among brotli, gzip and none (RFC 9110 §12.5.3). */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | 'identity' {
  if (!acceptEncoding) return 'identity';
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    if (name) weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  if (weightOf('br') > 0 && weightOf('br') >= weightOf('gzip')) return 'br';
  if (weightOf('gzip') > 0) return 'gzip';
  return 'identity';
}
