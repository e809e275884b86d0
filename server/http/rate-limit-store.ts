import { createRequire } from 'node:module';
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor, RateLimitOptions } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

type Count = { current: number; ttl: number };
type Done = (error: Error | null, result: Count | null) => void;
/** The stores @fastify/rate-limit ships (untyped in its package), as this wrapper uses them. */
interface PluginStore {
  incr(key: string, done: Done, timeWindow: number, max: number): void;
  read(key: string, done: Done, timeWindow: number, max: number): void;
  child(routeOptions: RateLimitOptions & { routeInfo: unknown }): PluginStore;
}
type PluginStoreCtor = new (continueExceeding: boolean, exponentialBackoff: boolean, ...rest: unknown[]) => PluginStore;

const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as PluginStoreCtor;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as PluginStoreCtor;

export interface FallbackRateLimitStoreOptions {
  redis: Redis;
  nameSpace: string;
  /** Redis became unreachable: limits count in this instance's memory from now on (once per outage). */
  onFallback(error: unknown): void;
  /** Redis answers again: limits count there again. */
  onRecovered(): void;
  /** Each request counted in memory. */
  onCountedLocally?(): void;
}

/**
 * Rate-limit counters in Redis, shared by every instance, and in this instance's memory while
 * Redis is unreachable: a log-in or a password reset is then limited per instance (N instances
 * allow N times the limit for the outage) instead of failing with a 500, or not being limited
 * at all (`skipOnError`). A connection that is not up is not even tried, so no request waits
 * for ioredis's reconnection attempts; the first count that Redis answers ends the outage.
 */
export function createFallbackRateLimitStore(options: FallbackRateLimitStoreOptions): FastifyRateLimitStoreCtor {
  const { redis } = options;
  let outage = false;
  const fallBack = (error: unknown) => {
    if (outage) return;
    outage = true;
    options.onFallback(error);
  };
  const recover = () => {
    if (!outage) return;
    outage = false;
    options.onRecovered();
  };
  // Back as soon as the connection is, not only at the next limited request (the metric).
  redis.on('ready', recover);

  const fallbackStore = (remote: PluginStore, local: PluginStore): FastifyRateLimitStore => {
    const count = (method: 'incr' | 'read') => (key: string, done: Done, timeWindow: number, max: number) => {
      const countLocally = (error: unknown) => {
        fallBack(error);
        options.onCountedLocally?.();
        local[method](key, done, timeWindow, max);
      };
      if (redis.status !== 'ready') return countLocally(new Error(`redis connection is ${redis.status}`));
      remote[method](
        key,
        (error, result) => {
          if (error) return countLocally(error);
          recover();
          done(null, result);
        },
        timeWindow,
        max,
      );
    };
    return {
      incr: count('incr'),
      read: count('read'),
      child: (routeOptions) => fallbackStore(remote.child(routeOptions as never), local.child(routeOptions as never)),
    } as FastifyRateLimitStore;
  };

  return class {
    constructor(pluginParams: FastifyRateLimitOptions) {
      // The plugin hands the store its merged parameters, wider than the declared options.
      const params = pluginParams as FastifyRateLimitOptions & { continueExceeding?: boolean; exponentialBackoff?: boolean; cache?: number };
      const continueExceeding = params.continueExceeding ?? false;
      const exponentialBackoff = params.exponentialBackoff ?? false;
      return fallbackStore(
        new RedisStore(continueExceeding, exponentialBackoff, redis, options.nameSpace),
        new LocalStore(continueExceeding, exponentialBackoff, params.cache),
      );
    }
  } as unknown as FastifyRateLimitStoreCtor;
}
