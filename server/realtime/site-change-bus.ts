import { Redis } from 'ioredis';

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

function createLocalHandlers(onError: (error: unknown) => void) {
  const handlers = new Set<(siteId: number) => void>();
  return {
    add(handler: (siteId: number) => void) {
      handlers.add(handler);
      return () => void handlers.delete(handler);
    },
    deliver(siteId: number) {
      for (const handler of handlers) {
        try {
          handler(siteId);
        } catch (error) {
          onError(error);
        }
      }
    },
    clear: () => handlers.clear(),
  };
}

/** One process: handlers run synchronously when a change is published. */
export function createMemorySiteChangeBus(options: { onError?: (error: unknown) => void } = {}): SiteChangeBus {
  const local = createLocalHandlers(options.onError ?? reportToConsole);
  return {
    async publish(siteId) {
      local.deliver(siteId);
    },
    subscribe: (handler) => local.add(handler),
    ready: async () => {},
    async close() {
      local.clear();
    },
  };
}

/** Several instances: one publishing and one subscribed Redis connection per process, subscribed from the start. */
export function createRedisSiteChangeBus(url: string, options: { channel?: string; onError?: (error: unknown) => void } = {}): SiteChangeBus {
  const channel = options.channel ?? DEFAULT_SITE_CHANNEL;
  const onError = options.onError ?? reportToConsole;
  const local = createLocalHandlers(onError);
  const publisher = new Redis(url, { maxRetriesPerRequest: 2 });
  // ioredis subscribes again after a reconnect (autoResubscribe).
  const subscriber = new Redis(url);
  publisher.on('error', onError);
  subscriber.on('error', onError);
  const subscribed = subscriber.subscribe(channel).then(
    () => {},
    (error: unknown) => onError(error),
  );
  subscriber.on('message', (from: string, payload: string) => {
    if (from !== channel) return;
    const siteId = Number(payload);
    // Redis is outside this process: anything but a site id is ignored.
    if (!Number.isSafeInteger(siteId) || siteId <= 0) return onError(new Error(`ignored a malformed site change on ${channel}`));
    local.deliver(siteId);
  });
  return {
    async publish(siteId) {
      await publisher.publish(channel, String(siteId));
    },
    subscribe: (handler) => local.add(handler),
    ready: () => subscribed,
    async close() {
      local.clear();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}

function reportToConsole(error: unknown) {
  console.error('site change bus', error);
}
