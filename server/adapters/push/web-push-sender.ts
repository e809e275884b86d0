import crypto from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import type { PushSubscriptionRow, PushSubscriptionsRepository } from '../../db/repositories/push-subscriptions.repository';
import type { PushMessage, PushSender, VapidKeyPair } from './push.port';
import { createEndpointGuard, RefusedEndpointError, type EndpointPolicy } from './push-endpoint-guard';

/** A push the device could not get within a day is stale news: the push service drops it. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** The whole call to a push service, connection to answer. */
const DEFAULT_TIMEOUT_MS = 10_000;
/** A notification shows a line or two; the cap keeps any text within a push's 4 KB. */
const MAX_TITLE_LENGTH = 120;
const MAX_BODY_LENGTH = 400;

/** What became of one subscription's delivery. */
export type PushOutcome =
  /** The push service took it (2xx). */
  | 'delivered'
  /** 404/410, or an endpoint we refuse to call: the subscription was deleted. */
  | 'gone'
  /** Another 4xx: this message will never be taken (a retry would not help); the subscription stays. */
  | 'rejected'
  /** 429, 5xx, a network failure or a timeout: worth another try later. */
  | 'transient';

export interface PushProblem {
  userId: number;
  subscriptionId: number;
  /** The push service's host, enough to tell FCM from Mozilla from Apple in a log. */
  host: string;
  outcome: Exclude<PushOutcome, 'delivered'>;
  status?: number;
  error?: string;
}

/** Thrown when no subscription took the push and at least one may take it later: the job retries. */
export class PushDeliveryError extends Error {
  constructor(
    readonly userId: number,
    readonly problems: PushProblem[],
  ) {
    super(`no push delivered to member ${userId}: ${problems.map((problem) => `${problem.host} ${problem.status ?? problem.error}`).join('; ')}`);
    this.name = 'PushDeliveryError';
  }
}

export interface WebPushSenderDeps {
  subscriptions: PushSubscriptionsRepository;
  vapid: VapidKeyPair;
  /** RFC 8292 contact (`mailto:` or `https:`), asked at each send so an operator's change applies. */
  subject: () => Promise<string>;
  /** When a subscription last took a push (`markSent`); the app's injected clock. */
  clock: { now(): Date };
  /** Default: https only, never an address inside the network. Tests loosen it for their local push service. */
  endpoints?: EndpointPolicy;
  timeoutMs?: number;
  /** Where every subscription the push did not reach is told; default a console warning, except for the routine 'gone'. */
  onProblem?: (problem: PushProblem) => void;
}

/**
 * Delivers a member's push message to each of their browsers through their push services (Web
 * Push protocol, RFC 8030/8291/8292): the payload encrypted for each subscription, signed with
 * the deployment's VAPID key. A subscription the push service calls gone is deleted; when none
 * took the message and one may take it later, it throws so the job is retried.
 */
export function createWebPushSender(deps: WebPushSenderDeps): PushSender {
  const guard = createEndpointGuard(deps.endpoints);
  const timeoutMs = deps.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // Subscriptions expire all the time (404/410): only the other problems are worth a log line.
  const report = deps.onProblem ?? ((problem: PushProblem) => problem.outcome !== 'gone' && console.warn('push not delivered', problem));

  async function deliver(row: PushSubscriptionRow, payload: string, options: webpush.RequestOptions): Promise<{ outcome: PushOutcome; problem?: PushProblem }> {
    const problemOf = (outcome: PushProblem['outcome'], detail: { status?: number; error?: string }) => ({
      outcome,
      problem: { userId: row.userId, subscriptionId: row.id, host: hostOf(row.endpoint), outcome, ...detail },
    });
    let url: URL;
    try {
      url = guard.check(row.endpoint);
    } catch (error) {
      await deps.subscriptions.removeExpired(row);
      return problemOf('gone', { error: (error as Error).message });
    }
    let request: webpush.RequestDetails;
    try {
      request = webpush.generateRequestDetails({ endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } }, payload, options);
    } catch (error) {
      // Keys the library cannot encrypt for: this message cannot go, and trying again will not help.
      return problemOf('rejected', { error: (error as Error).message });
    }
    try {
      const status = await post(url, request.headers, request.body, { timeoutMs, lookup: guard.lookup });
      if (status >= 200 && status < 300) return { outcome: 'delivered' };
      if (status === 404 || status === 410) {
        await deps.subscriptions.removeExpired(row);
        return problemOf('gone', { status });
      }
      if (status >= 400 && status < 500 && status !== 429) return problemOf('rejected', { status });
      return problemOf('transient', { status });
    } catch (error) {
      if (error instanceof RefusedEndpointError) {
        await deps.subscriptions.removeExpired(row);
        return problemOf('gone', { error: error.message });
      }
      return problemOf('transient', { error: (error as Error).message });
    }
  }

  return {
    async send(userId: number, message: PushMessage): Promise<number> {
      const rows = await deps.subscriptions.listOf(userId);
      if (!rows.length) return 0;
      const payload = JSON.stringify(payloadOf(message));
      const options: webpush.RequestOptions = {
        vapidDetails: { subject: await deps.subject(), publicKey: deps.vapid.publicKey, privateKey: deps.vapid.privateKey },
        TTL: PUSH_TTL_SECONDS,
        urgency: message.urgency ?? 'normal',
        // The push service keeps only the newest undelivered push of a topic: one per conversation.
        topic: topicOf(message.tag),
      };
      const results = await Promise.all(rows.map((row) => deliver(row, payload, options)));
      const deliveredIds = rows.filter((_, index) => results[index].outcome === 'delivered').map((row) => row.id);
      await deps.subscriptions.markSent(deliveredIds, deps.clock.now());
      const problems = results.flatMap((result) => (result.problem ? [result.problem] : []));
      problems.forEach(report);
      if (!deliveredIds.length && problems.some((problem) => problem.outcome === 'transient')) throw new PushDeliveryError(userId, problems);
      return deliveredIds.length;
    },
  };
}

/** What the service worker reads: `{ title, body, path, tag, badge? }`. */
function payloadOf(message: PushMessage) {
  return {
    title: shorten(message.title, MAX_TITLE_LENGTH),
    body: shorten(message.body, MAX_BODY_LENGTH),
    path: message.path,
    tag: message.tag,
    ...(message.badge !== undefined && { badge: message.badge }),
  };
}

function shorten(text: string, max: number): string {
  const characters = Array.from(text);
  return characters.length <= max ? text : `${characters.slice(0, max - 1).join('')}…`;
}

/** RFC 8030 Topic: at most 32 base64url characters, so the tag is hashed into one. */
function topicOf(tag: string): string {
  return crypto.createHash('sha256').update(tag).digest('base64url').slice(0, 32);
}

function hostOf(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return '(not a URL)';
  }
}

/**
 * POSTs the encrypted push and answers the status. The body of the answer is not needed and not
 * read into memory; the whole exchange is bounded by `timeoutMs`.
 */
function post(
  url: URL,
  headers: Record<string, string | number>,
  body: Buffer | null,
  options: { timeoutMs: number; lookup?: ReturnType<typeof createEndpointGuard>['lookup'] },
): Promise<number> {
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(
      url,
      { method: 'POST', headers, signal: AbortSignal.timeout(options.timeoutMs), ...(options.lookup && { lookup: options.lookup }) },
      (response) => {
        response.on('error', () => {});
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on('error', reject);
    request.end(body ?? undefined);
  });
}
