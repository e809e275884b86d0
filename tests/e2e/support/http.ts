import { inject } from 'vitest';
import { baseUrl } from './browser';

/**
 * Plain HTTP to the journeys' server, for setting the stage without a browser (a demo member's
 * likes, messages, orders). Every caller names its own client address: the server trusts one
 * proxy hop, so per-address limits count that caller only.
 */
export function headersFor(clientAddress: string, cookie?: string): Record<string, string> {
  return { 'accept-language': 'en', accept: 'text/html,application/json', 'x-forwarded-for': clientAddress, ...(cookie && { cookie }) };
}

/** GET, or POST with a JSON body; throws with the answer when it is not 2xx. */
export async function api<T>(path: string, options: { clientAddress: string; cookie?: string; body?: unknown }): Promise<T> {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: options.body === undefined ? 'GET' : 'POST',
    headers: { ...headersFor(options.clientAddress, options.cookie), 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** The seed's password of every demo member (server/seed/demo-members.ts). */
export const DEMO_PASSWORD = 'rendezvous-demo';

/** Logs a demo member in; answers their id and session cookie (`rdv_session=…`). */
export async function logInByHttp(email: string, clientAddress: string): Promise<{ id: number; cookie: string }> {
  const response = await fetch(`${baseUrl()}/api/user.php`, {
    method: 'POST',
    headers: { ...headersFor(clientAddress), 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`log-in of ${email} answered ${response.status}`);
  const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith('rdv_session='));
  if (!session) throw new Error(`log-in of ${email} set no session`);
  return { id: ((await response.json()) as { user: { id: number } }).user.id, cookie: session.split(';')[0] };
}

/** A counter of the journeys' server's Prometheus metrics (the sum of its series), read as a scrape would. */
export async function serverCounter(name: string): Promise<number> {
  const response = await fetch(`${baseUrl()}/metrics`, { headers: { authorization: `Bearer ${inject('metricsToken')}` } });
  if (!response.ok) throw new Error(`/metrics answered ${response.status}`);
  const text = await response.text();
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name} `) || line.startsWith(`${name}{`))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}
