import crypto from 'node:crypto';
import type { MailRecipientsRepository } from '../../db/repositories/mail-recipients.repository';
import { readDeliveryStatus, headerOfMessage } from '../mail/delivery-status';
import type { MailStreamsConfig } from '../mail/mail-streams';
import { verpTokenOfAddress, type VerpTokens } from '../mail/verp-token';
import { AppError } from '../shared/app-error';
import { MAIL_EVENTS_SIGNATURE_HEADER, signMailEvents, type MailEventsService } from './mail-events.service';
import type { UnsubscribeService } from './unsubscribe.service';

/** One mail the operator's MTA piped to the server, as it arrived. */
export interface PipedMail {
  /** The whole message, headers and body, as the MTA received it. */
  rawMessage: string;
  /** The HTTP request's headers (the secret travels there). */
  headers: Record<string, string | string[] | undefined>;
  /** The envelope recipient, when the pipe passes it (`?recipient=`); else the message's `X-Original-To` or `Delivered-To`. */
  recipient?: string;
}

export type BounceOutcome = 'bounce' | 'soft_bounce' | 'none';

const headerOf = (headers: PipedMail['headers'], name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

const equalInConstantTime = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
};

/** The subject's RFC 2047 encoded words decoded (a mail client may encode even a plain subject). */
function decodeEncodedWords(value: string): string {
  return value.replace(/=\?[^?]+\?([bBqQ])\?([^?]*)\?=/g, (_word, encoding: string, text: string) =>
    encoding.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

/** The signed unsubscribe token in `unsubscribe-<token>` (the subject the mailto: link sets; `Re:` and the like around it allowed). */
const UNSUBSCRIBE_SUBJECT = /unsubscribe-(\d{1,10}\.[a-z_]{1,40}\.[A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/;

const invalid = (field: string, detail: string) => new AppError('validation_failed', { params: { fields: field }, detail: `piped mail: ${detail}` });

/**
 * Mail that comes back to the sites' own addresses, piped to the server by the operator's MTA:
 * bounces (DSNs, RFC 3464) to the per-recipient VERP addresses, and the unsubscribe mails of the
 * List-Unsubscribe `mailto:`. A hard bounce takes the mail-events webhook's own path
 * (`mailEvents.apply`), an unsubscribe mail the one-click link's (`unsubscribe.unsubscribe`), so
 * an address stops getting mail exactly as it does today. Behind the mail-events secret: without
 * `MAIL_EVENTS_SECRET` both are off.
 */
export function createPipedMailService(deps: {
  secret: string | undefined;
  streams: MailStreamsConfig;
  verp: VerpTokens;
  recipients: Pick<MailRecipientsRepository, 'findRecipient'>;
  mailEvents: Pick<MailEventsService, 'apply'>;
  unsubscribe: Pick<UnsubscribeService, 'unsubscribe'>;
}) {
  /** `Authorization: Bearer <secret>` (what a curl in a pipe can send) or the webhook's own body signature. */
  function authenticate(mail: PipedMail) {
    if (!deps.secret) throw new AppError('mail_events_unavailable', { detail: 'MAIL_EVENTS_SECRET is not set' });
    const bearer = /^Bearer (\S+)$/.exec(headerOf(mail.headers, 'authorization') ?? '')?.[1];
    if (bearer && equalInConstantTime(bearer, deps.secret)) return;
    const signature = headerOf(mail.headers, MAIL_EVENTS_SIGNATURE_HEADER);
    if (signature && equalInConstantTime(signature, signMailEvents(deps.secret, mail.rawMessage))) return;
    throw new AppError('webhook_signature_invalid', { detail: 'piped mail: bad or missing secret' });
  }

  function envelopeRecipientOf(mail: PipedMail): string {
    // A `+` in a query string arrives as a space when the pipe did not encode it.
    const recipient =
      mail.recipient?.trim().replace(/ /g, '+') || headerOfMessage(mail.rawMessage, 'x-original-to') || headerOfMessage(mail.rawMessage, 'delivered-to');
    if (!recipient) throw invalid('recipient', 'no envelope recipient (neither ?recipient= nor X-Original-To / Delivered-To)');
    return recipient;
  }

  return {
    /** A DSN to a VERP address: a permanent failure stops the address's notification mail; a temporary one changes nothing. */
    async receiveBounce(mail: PipedMail): Promise<{ outcome: BounceOutcome; accounts: number }> {
      authenticate(mail);
      const recipient = envelopeRecipientOf(mail);
      const verp = verpTokenOfAddress(recipient, deps.streams);
      if (!verp) throw invalid('recipient', `${recipient} is no bounce address with a token`);
      const claim = deps.verp.read(verp.token);
      const member = claim && (await deps.recipients.findRecipient(claim.userId));
      // One answer for a forged token, an unknown account and an address changed since: nothing to act on.
      if (!claim || !member || !deps.verp.matches(claim, member.email)) throw invalid('recipient', 'unknown or forged bounce token');
      const outcome = readDeliveryStatus(mail.rawMessage);
      if (outcome === null) throw invalid('body', 'not a delivery status notification');
      if (outcome !== 'permanent') return { outcome: outcome === 'temporary' ? 'soft_bounce' : 'none', accounts: 0 };
      const { accounts } = await deps.mailEvents.apply([{ type: 'bounce', email: member.email, stream: verp.stream }]);
      return { outcome: 'bounce', accounts };
    },

    /** A mail to the unsubscribe address: switches off the kind its subject's signed token names, as the one-click link does. */
    async receiveUnsubscribe(mail: PipedMail): Promise<{ kind: string }> {
      authenticate(mail);
      const subject = decodeEncodedWords(headerOfMessage(mail.rawMessage, 'subject') ?? '');
      const token = UNSUBSCRIBE_SUBJECT.exec(subject)?.[1];
      if (!token) throw invalid('subject', 'no unsubscribe-<token> in the subject');
      return deps.unsubscribe.unsubscribe(token);
    },
  };
}

export type PipedMailService = ReturnType<typeof createPipedMailService>;
