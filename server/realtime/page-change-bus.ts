import { Redis } from 'ioredis';

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
  const onError = options.onError ?? ((error: unknown) => console.error('page change bus', error));
  const handlers = new Set<(change: PageChange) => void>();
  const deliver = (change: PageChange) => {
    for (const handler of handlers) {
      try {
        handler(change);
      } catch (error) {
        onError(error);
      }
    }
  };
  const subscribe = (handler: (change: PageChange) => void) => {
    handlers.add(handler);
    return () => void handlers.delete(handler);
  };
  if (!options.redisUrl) {
    return {
      async publish(change) {
        deliver(change);
      },
      subscribe,
      ready: async () => {},
      async close() {
        handlers.clear();
      },
    };
  }

  const channel = options.channel ?? DEFAULT_PAGE_CHANNEL;
  const publisher = new Redis(options.redisUrl, { maxRetriesPerRequest: 2 });
  const subscriber = new Redis(options.redisUrl);
  publisher.on('error', onError);
  subscriber.on('error', onError);
  const subscribed = subscriber.subscribe(channel).then(
    () => {},
    (error: unknown) => onError(error),
  );
  subscriber.on('message', (from: string, payload: string) => {
    if (from !== channel) return;
    const change = parsePageChange(payload);
    // Redis is outside this process: anything but "all" or a site id is ignored.
    if (!change) return onError(new Error(`ignored a malformed page change on ${channel}`));
    deliver(change);
  });
  return {
    async publish(change) {
      await publisher.publish(channel, 'allSites' in change ? 'all' : String(change.siteId));
    },
    subscribe,
    ready: () => subscribed,
    async close() {
      handlers.clear();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}

export function parsePageChange(payload: string): PageChange | null {
  if (payload === 'all') return { allSites: true };
  const siteId = Number(payload);
  return Number.isSafeInteger(siteId) && siteId > 0 ? { siteId } : null;
}
