import { createBroadcastChannel } from './broadcast-channel';

export const DEFAULT_SITE_CHANNEL = 'rdv:sites:changed';

/**
 * Tells every running instance that an operator changed a site, so each drops its cached site
 * rows at once instead of serving the old settings until they expire. The same transport as the
 * member event bus (ADR 0024): in-process by default, Redis pub/sub when `redisUrl` is set. One
 * channel for all sites: changes are rare, and a dropped cache refills with one query per host.
 */
export interface SiteChangeBus {
  /** Announces a change of the site, on every instance (this one included). */
  publish(siteId: number): Promise<void>;
  /** Calls `handler` for every change until the returned function is called. */
  subscribe(handler: (siteId: number) => void): () => void;
  /** Resolves once this instance receives what is published from now on. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export interface SiteChangeBusOptions {
  redisUrl?: string;
  /** The channel's name, so deployments (or test runs) sharing one Redis never see each other's changes. */
  channel?: string;
  onError?: (error: unknown) => void;
}

export function createSiteChangeBus(options: SiteChangeBusOptions = {}): SiteChangeBus {
  return options.redisUrl ? createRedisSiteChangeBus(options.redisUrl, options) : createMemorySiteChangeBus(options);
}

/** One process: handlers run synchronously when a change is published. */
export function createMemorySiteChangeBus(options: { onError?: (error: unknown) => void } = {}): SiteChangeBus {
  return siteChannel(undefined, options);
}

/** Several instances: one publishing and one subscribed Redis connection per process, subscribed from the start. */
export function createRedisSiteChangeBus(url: string, options: { channel?: string; onError?: (error: unknown) => void } = {}): SiteChangeBus {
  return siteChannel(url, options);
}

function siteChannel(redisUrl: string | undefined, options: { channel?: string; onError?: (error: unknown) => void }): SiteChangeBus {
  return createBroadcastChannel<number>({
    redisUrl,
    channel: options.channel ?? DEFAULT_SITE_CHANNEL,
    encode: String,
    decode(payload) {
      const siteId = Number(payload);
      return Number.isSafeInteger(siteId) && siteId > 0 ? siteId : null;
    },
    onError: options.onError ?? ((error: unknown) => console.error('site change bus', error)),
  });
}
