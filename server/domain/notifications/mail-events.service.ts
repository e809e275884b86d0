import crypto from 'node:crypto';
import { MailEvent, MailEventsInput, type MailEventType } from '../../../contract/mail-events';
import type { MailDisabledReason } from '../../../contract/notifications';
import type { MailRecipientsRepository } from '../../db/repositories/mail-recipients.repository';
import { AppError } from '../shared/app-error';
import { fromPostmark } from './postmark-events';

/** The header that carries `sha256=<hex HMAC-SHA256 of the raw body>` (lower case, as Node gives headers). */
export const MAIL_EVENTS_SIGNATURE_HEADER = 'x-rendezvous-signature';

/** Spec §4's reasons, from what the provider saw; a soft bounce stops nothing. */
const REASON_OF: Record<MailEventType, MailDisabledReason | null> = {
  bounce: 'bounce',
  complaint: 'fbl',
  unsubscribe: 'listunsubscribe',
  soft_bounce: null,
};

export type MailEventsProvider = 'postmark';

export interface MailEventsDelivery {
  rawBody: string;
  headers: Record<string, string | string[] | undefined>;
  provider?: MailEventsProvider;
}

const equalInConstantTime = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
};

const headerOf = (headers: MailEventsDelivery['headers'], name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** The signature header for a body: what a sender (and the tests) put on a delivery. */
export function signMailEvents(secret: string, rawBody: string): string {
  return `sha256=${crypto.createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}

/**
 * Bounces, spam complaints and provider unsubscribes (`POST /api/mail-events.php`): each stops
 * all notification (bulk) mail to the address on every site (spec §4 `notifications_disabled`).
 * Transactional mail (activation, reset, security notices) is never stopped by them: a member
 * who asks for a reset gets it, whatever they said about a digest.
 * Nothing is taken unauthenticated: without `MAIL_EVENTS_SECRET` the endpoint is off.
 */
export function createMailEventsService(deps: { recipients: MailRecipientsRepository; secret: string | undefined }) {
  /** Our signature over the exact bytes; Postmark, which cannot sign, sends the secret as Basic credentials in the URL. */
  function isAuthentic(secret: string, delivery: MailEventsDelivery): boolean {
    const signature = headerOf(delivery.headers, MAIL_EVENTS_SIGNATURE_HEADER);
    if (signature && equalInConstantTime(signature, signMailEvents(secret, delivery.rawBody))) return true;
    if (delivery.provider !== 'postmark') return false;
    const authorization = headerOf(delivery.headers, 'authorization') ?? '';
    const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(authorization);
    if (!match) return false;
    const decoded = Buffer.from(match[1], 'base64').toString('utf8');
    const password = decoded.slice(decoded.indexOf(':') + 1);
    return decoded.includes(':') && equalInConstantTime(password, secret);
  }

  function parseEvents(delivery: MailEventsDelivery): MailEvent[] {
    let json: unknown;
    try {
      json = JSON.parse(delivery.rawBody);
    } catch {
      throw new AppError('validation_failed', { params: { fields: 'body' }, detail: 'mail events: body is not JSON' });
    }
    if (delivery.provider === 'postmark') {
      if (!json || typeof json !== 'object' || Array.isArray(json))
        throw new AppError('validation_failed', { params: { fields: 'body' }, detail: 'postmark: not a record' });
      return fromPostmark(json).filter((event) => MailEvent.safeParse(event).success);
    }
    const parsed = MailEventsInput.safeParse(json);
    if (!parsed.success) throw new AppError('validation_failed', { params: { fields: 'events' }, detail: `mail events: ${parsed.error.message}` });
    return parsed.data.events;
  }

  /**
   * Stops mail for each event that says so: the one path every bounce, complaint and provider
   * unsubscribe takes, whether it came from the provider's webhook or a piped DSN.
   */
  async function apply(events: MailEvent[]): Promise<{ applied: number; accounts: number }> {
    let applied = 0;
    let accounts = 0;
    for (const event of events) {
      const reason = REASON_OF[event.type];
      if (!reason) continue;
      // Stream-aware (ADR 0066): what a member says about a mail they asked for (a reset, an
      // activation) is no word on the notifications; a hard bounce is — the address is gone.
      if (event.stream === 'transactional' && event.type !== 'bounce') continue;
      const touched = await deps.recipients.disableMailForAddress(event.email, reason);
      if (touched > 0) applied += 1;
      accounts += touched;
    }
    return { applied, accounts };
  }

  return {
    /** Authenticates, reads and applies one delivery; answers what it changed. */
    async receive(delivery: MailEventsDelivery): Promise<{ applied: number; accounts: number }> {
      if (!deps.secret) throw new AppError('mail_events_unavailable', { detail: 'MAIL_EVENTS_SECRET is not set' });
      if (!isAuthentic(deps.secret, delivery)) throw new AppError('webhook_signature_invalid', { detail: 'mail events: bad or missing signature' });
      return apply(parseEvents(delivery));
    },
    apply,
  };
}

export type MailEventsService = ReturnType<typeof createMailEventsService>;
