import { createBroadcastChannel } from './broadcast-channel';

export const DEFAULT_PAGE_CHANNEL = 'rdv:pages:changed';

/** What changed: one site's pages, or every site's (a member's profile shows on all of them). */
export type PageChange = { siteId: number } | { allSites: true };

/**
 * Tells every running instance that pages visitors were shown have changed (a member's profile,
 * photos or visibility), so each drops its cached anonymous pages (ADR 0038). The same transport
 * as the site change bus: in-process by default, Redis pub/sub when `redisUrl` is set.
 */
export interface PageChangeBus {
  /** Announces a change on every instance (this one included). */
  publish(change: PageChange): Promise<void>;
  /** Calls `handler` for every change until the returned function is called. */
  subscribe(handler: (change: PageChange) => void): () => void;
  /** Resolves once this instance receives what is published from now on. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export interface PageChangeBusOptions {
  redisUrl?: string;
  /** The channel's name, so deployments (or test runs) sharing one Redis never see each other's changes. */
  channel?: string;
  onError?: (error: unknown) => void;
}

export function createPageChangeBus(options: PageChangeBusOptions = {}): PageChangeBus {
  return createBroadcastChannel<PageChange>({
    redisUrl: options.redisUrl,
    channel: options.channel ?? DEFAULT_PAGE_CHANNEL,
    encode: (change) => ('allSites' in change ? 'all' : String(change.siteId)),
    decode: parsePageChange,
    onError: options.onError ?? ((error: unknown) => console.error('page change bus', error)),
  });
}

export function parsePageChange(payload: string): PageChange | null {
  if (payload === 'all') return { allSites: true };
  const siteId = Number(payload);
  return Number.isSafeInteger(siteId) && siteId > 0 ? { siteId } : null;
}
