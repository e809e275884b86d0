import type { SmsSender } from './sms.port';

export interface HttpSmsOptions {
  /** The provider's endpoint (`SMS_URL`). */
  url: string;
  /** Sent as `Authorization: Bearer …` (`SMS_TOKEN`), when set. */
  token?: string;
  /** A provider that hangs must not hold the member's request: give up after this long. */
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

/**
 * Sends through a generic HTTP SMS gateway: `POST {to, text}` as JSON. Any non-2xx answer or a
 * timeout is an error, so the caller can tell the member the code did not go out.
 */
export function createHttpSmsSender(options: HttpSmsOptions): SmsSender {
  const { url, token, timeoutMs = 10_000, fetchImpl = fetch } = options;
  return {
    async send(sms) {
      const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
      if (token) headers.authorization = `Bearer ${token}`;
      const response = await fetchImpl(url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ to: sms.to, text: sms.text }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) {
        // Only the status: the provider's body may echo the number or the text (which holds the code).
        throw new Error(`SMS provider answered ${response.status}`);
      }
    },
  };
}
