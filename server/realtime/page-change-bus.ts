import { createBroadcastChannel } from './broadcast-channel';

export const DEFAULT_PAGE_CHANNEL = 'rdv:pages:changed';

/**
 * What changed: one site's pages, every site's (a member's profile shows on all of them), or
 * one member's own pages (ADR 0048: they did something, or something happened to them).
 */
export type PageChange = { siteId: number } | { allSites: true } | { memberId: number };

/**
 * Tells every running instance that pages visitors were shown have changed (a member's profile,
 * photos or visibility), so each drops its cached anonymous pages (ADR 0038), or that one
 * member's own pages have, so each drops what it kept for them (ADR 0048). The same transport
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
    encode: (change) => ('allSites' in change ? 'all' : 'memberId' in change ? `member:${change.memberId}` : String(change.siteId)),
    decode: parsePageChange,
    onError: options.onError ?? ((error: unknown) => console.error('page change bus', error)),
    // Changes announced while Redis was away are lost: every kept page goes once it is back.
    reset: { allSites: true },
  });
}

const isId = (value: number) => Number.isSafeInteger(value) && value > 0;

export function parsePageChange(payload: string): PageChange | null {
  if (payload === 'all') return { allSites: true };
  if (payload.startsWith('member:')) {
    const memberId = Number(payload.slice('member:'.length));
    return isId(memberId) ? { memberId } : null;
  }
  const siteId = Number(payload);
  return isId(siteId) ? { siteId } : null;
}
