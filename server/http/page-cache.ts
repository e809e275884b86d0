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

/**
 * Whose a kept page is: every visitor of a site (the anonymous cache), or one member on a site
 * (the member cache, ADR 0048). Invalidations name a site, a member or everything.
 */
export interface CacheScope {
  siteId: number;
  memberId?: number;
}

export interface PageCacheOptions {
  /** How long a page is served without asking anything. */
  freshMs: number;
  /** How long after that it is still served while one background render replaces it. */
  staleMs: number;
  /** The memory all kept pages may take, bodies and compressed forms together. */
  maxBytes: number;
  now: () => number;
  onError: (error: unknown) => void;
  /**
   * Brotli quality and gzip level of the kept forms: the shared cache pays for its best ratio
   * once per page; a member's page is kept for one reader, so it compresses fast.
   */
  compression?: { brotliQuality: number; gzipLevel: number };
}

interface Entry {
  page: CachedPage;
  scope: CacheScope;
  bytes: number;
}

/** A render under way; an invalidation of its scope marks it so that its page is not kept. */
interface Ticket {
  scope: CacheScope;
  dropped: boolean;
}

/** What a render hands back: a page worth keeping, or null (not 200, sets a cookie …). */
export type Render = () => Promise<{ body: Buffer; headers: Record<string, string> } | null>;

const THOROUGH = { brotliQuality: 9, gzipLevel: 9 };

/**
 * A kept-page cache (ADR 0038, ADR 0048): least recently used pages are dropped past
 * `maxBytes`; one render per key at a time (concurrent misses wait for it); a page past its
 * fresh time is served once more while a single background render replaces it; an
 * invalidation drops the pages of a site, a member or all, keeps any render that started
 * before it from being stored, and lets the next request start a render of its own instead of
 * waiting for one that read the old data.
 */
export function createPageCache(options: PageCacheOptions) {
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, { rendering: Promise<CachedPage | null>; ticket: Ticket }>();
  const keysByMember = new Map<number, Set<string>>();
  let totalBytes = 0;
  const compression = options.compression ?? THOROUGH;

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    totalBytes -= entry.bytes;
    const memberId = entry.scope.memberId;
    if (memberId !== undefined) {
      const keys = keysByMember.get(memberId);
      keys?.delete(key);
      if (keys?.size === 0) keysByMember.delete(memberId);
    }
  }

  function store(key: string, scope: CacheScope, page: CachedPage) {
    remove(key);
    const bytes = page.identity.length + page.br.length + page.gzip.length + key.length * 2 + 512;
    if (bytes > options.maxBytes) return;
    entries.set(key, { page, scope, bytes });
    totalBytes += bytes;
    if (scope.memberId !== undefined) {
      let keys = keysByMember.get(scope.memberId);
      if (!keys) keysByMember.set(scope.memberId, (keys = new Set()));
      keys.add(key);
    }
    for (const [oldest] of entries) {
      if (totalBytes <= options.maxBytes) break;
      remove(oldest);
    }
  }

  /** Marks the renders under way that `matches` and lets later requests render afresh. */
  function dropRenders(matches: (scope: CacheScope) => boolean) {
    for (const [key, { ticket }] of inFlight) {
      if (!matches(ticket.scope)) continue;
      ticket.dropped = true;
      inFlight.delete(key);
    }
  }

  /** Renders once for every caller asking for `key` meanwhile; stores the page unless its scope changed during the render. */
  function renderOnce(key: string, scope: CacheScope, render: Render): Promise<CachedPage | null> {
    const running = inFlight.get(key);
    if (running) return running.rendering;
    const ticket: Ticket = { scope, dropped: false };
    const rendering = (async () => {
      const rendered = await render();
      if (!rendered) return null;
      const page = await compressPage(rendered.body, rendered.headers, options.now(), compression);
      if (!ticket.dropped) store(key, scope, page);
      return page;
    })().finally(() => {
      if (inFlight.get(key)?.ticket === ticket) inFlight.delete(key);
    });
    inFlight.set(key, { rendering, ticket });
    return rendering;
  }

  return {
    /**
     * The page for `key`: kept (hit), kept but old (stale, a background render refreshes it),
     * or rendered now (miss). Null page: the render gave nothing worth keeping — the caller
     * renders for itself.
     */
    async get(key: string, scope: CacheScope, render: Render): Promise<{ page: CachedPage | null; state: CacheState }> {
      const entry = entries.get(key);
      if (entry) {
        const age = options.now() - entry.page.storedAt;
        if (age < options.freshMs + options.staleMs) {
          // Most recently used goes last.
          entries.delete(key);
          entries.set(key, entry);
          if (age < options.freshMs) return { page: entry.page, state: 'hit' };
          renderOnce(key, scope, render).catch(options.onError);
          return { page: entry.page, state: 'stale' };
        }
        remove(key);
      }
      return { page: await renderOnce(key, scope, render), state: 'miss' };
    },
    /** Looks without rendering (HEAD requests, a member's hit, tests). */
    peek(key: string): CachedPage | null {
      const page = entries.get(key)?.page;
      return page && options.now() - page.storedAt < options.freshMs + options.staleMs ? page : null;
    },
    /** Drops one site's pages: its settings, texts or prices changed. */
    invalidateSite(siteId: number) {
      dropRenders((scope) => scope.siteId === siteId);
      for (const [key, entry] of entries) if (entry.scope.siteId === siteId) remove(key);
    },
    /** Drops one member's pages: they did something, or something happened to them. */
    invalidateMember(memberId: number) {
      dropRenders((scope) => scope.memberId === memberId);
      for (const key of keysByMember.get(memberId) ?? []) remove(key);
    },
    /** Drops every page: a member's profile shows on many pages of many sites. */
    invalidateAll() {
      dropRenders(() => true);
      entries.clear();
      keysByMember.clear();
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

async function compressPage(
  body: Buffer,
  headers: Record<string, string>,
  storedAt: number,
  compression: { brotliQuality: number; gzipLevel: number },
): Promise<CachedPage> {
  // Once per page and refresh, off the main thread.
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: compression.brotliQuality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzip(body, { level: compression.gzipLevel }),
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
