import type { ErrorBody } from '../../contract/errors';
import { mayRetry, type Method } from './retry-policy';

/** A refused call: the server's code, its text in the member's language, and the fields at fault. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(body.message);
    this.name = 'ApiError';
  }
  get code() {
    return this.body.error;
  }
  /**
   * The message for one field, if the server named it — as a rule names it (`mobile`) or as the
   * request's schema does (`body.mobile`, `querystring.page`), so forms ask by the bare name.
   */
  fieldMessage(field: string): string | undefined {
    return this.body.fields?.find((entry) => namesField(entry.field, field))?.problem;
  }
  /** Whether the server named this field (so a form shows the problem beside it). */
  hasField(field: string): boolean {
    return !!this.body.fields?.some((entry) => namesField(entry.field, field));
  }
}

/**
 * What a failed call means to a member: the server's refusal as it is (its code's own text, e.g.
 * 'You do not have enough credits'), and for everything unexpected — no answer after the
 * retries, or a server error — one generic error (spec §8: 'An error occured, please try again
 * later.') with `genericMessage` as its text.
 */
export function toApiError(caught: unknown, genericMessage: string): ApiError {
  if (caught instanceof ApiError && caught.status < 500) return caught;
  return new ApiError(caught instanceof ApiError ? caught.status : 0, { error: 'internal_error', message: genericMessage });
}

const namesField = (named: string, field: string) => named === field || named === `body.${field}` || named === `querystring.${field}`;

/** Spec §7 and §9: a call is retried up to five times with exponential delay. */
export const MAX_RETRIES = 5;
const BASE_DELAY_MS = 250;

type Listener = () => void;
const authenticationLostListeners = new Set<Listener>();

/** Called when the server says the session is gone (spec §8): the app logs the member out. */
export function onAuthenticationLost(listener: Listener): () => void {
  authenticationLostListeners.add(listener);
  return () => authenticationLostListeners.delete(listener);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends a request, and again after a network failure or a 5xx answer, up to `retries` times
 * with a doubling delay (250 ms, 0.5 s, 1 s, 2 s, 4 s); never after a 4xx: asking again would not
 * change the answer. Shared by `api` and the multipart uploads.
 */
export async function sendWithRetries(send: () => Promise<Response>, retries: number): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await send();
      if (response.status < 500 || attempt >= retries) return response;
    } catch (error) {
      if (attempt >= retries) throw error;
    }
    await sleep(BASE_DELAY_MS * 2 ** attempt);
  }
}

export interface ApiOptions {
  method?: Method;
  body?: unknown;
  /**
   * Only for the operators' console, which is outside spec §7: its calls go once, so a staff
   * member sees a failure at once (many of its reads are audited). Member pages never set it.
   */
  retries?: number;
  fetchImpl?: typeof fetch;
}

/**
 * The only way the browser calls the API. A call that is safe to repeat (`retry-policy.ts`) is
 * retried after a network failure or a 5xx, five times (spec §7); paid actions carry idempotency
 * keys, so a retry cannot charge twice.
 */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const { method = 'GET', body, fetchImpl = fetch } = options;
  const url = path.startsWith('/') ? path : `/api/${path}`;
  const retries = options.retries ?? (mayRetry(method, url, body) ? MAX_RETRIES : 0);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (new URL(url, 'http://x').pathname.endsWith('user.php')) headers['x-request-type'] = 'client';

  const response = await sendWithRetries(
    () => fetchImpl(url, { method, headers, credentials: 'same-origin', body: body === undefined ? undefined : JSON.stringify(body) }),
    retries,
  );
  const payload = response.status === 204 ? null : await response.json().catch(() => null);
  if (response.ok) return payload as T;
  const error = new ApiError(response.status, (payload as ErrorBody) ?? { error: 'internal_error', message: response.statusText });
  if (response.status === 403 && error.code === 'authentication_required' && !url.split('?')[0].endsWith('user.php')) {
    authenticationLostListeners.forEach((listener) => listener());
  }
  throw error;
}
