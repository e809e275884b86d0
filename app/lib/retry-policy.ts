/**
 * Which calls may be sent again when their answer is lost (spec §7's five retries, ADR 0071).
 * Reading (GET), setting (PUT) and removing (DELETE) leave the same state however often they
 * arrive. A POST may be repeated only when the server makes a repeat harmless:
 * - its body carries a `client_id` the server deduplicates by (messages, gifts, orders, photos):
 *   a paid action is charged once however often it arrives;
 * - it sets one state, so a second arrival changes nothing (the paths below);
 * - a SEPA confirmation names its mandate, which is confirmed and paid once.
 * Anything else — a report, an SMS or a mail sent, an account created, a log-in counted — goes
 * once: a lost answer could otherwise mean two of them.
 */
const ONE_STATE_POSTS = [
  'like.php', // a like exists or not; liking again uses none of the day's likes
  'block.php',
  'swipe.php', // a like or a pass per profile, stored once
  'messages-read.php',
  'fictional-confirmation.php',
  'unsubscribe.php',
  'refunds.php', // an order is refunded once; a second request is refused
];

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const pathOf = (url: string) => new URL(url, 'http://x').pathname.replace(/^\/api\//, '');

/** Whether a call is safe to send again (see above); `url` as sent, `body` before encoding. */
export function mayRetry(method: Method, url: string, body?: unknown): boolean {
  if (method === 'GET' || method === 'PUT' || method === 'DELETE') return true;
  if (method !== 'POST') return false;
  const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  if (typeof fields.client_id === 'string') return true;
  const path = pathOf(url);
  if (path === 'directdebit.php') return fields.action === 'confirm';
  // Attaching a push subscription stores it by its endpoint.
  if (path === 'user.php' && new URL(url, 'http://x').searchParams.get('push') === '1') return true;
  return ONE_STATE_POSTS.includes(path);
}
