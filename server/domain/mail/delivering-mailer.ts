import type { Mailer, MailStream, OutgoingMail } from '../../adapters/mail/mail.port';
import { domainOfAddress, type DkimKeys } from './dkim-keys';
import { feedbackIdOf, streamOfKind, type MailStreamsConfig } from './mail-streams';
import { MAX_LOCAL_PART } from './verp-token';

export interface DeliveringMailerDeps {
  /** One transport per stream; both may be the same. */
  transports: Record<MailStream, Mailer>;
  dkim: DkimKeys;
  streams: MailStreamsConfig;
  /** The bounce address's `+token` for a recipient (VERP), when configured; null when the address has no account to name. */
  bounceToken?: (email: string, stream: MailStream) => Promise<string | null>;
}

/** Replaces the address in `"Name" <old@x>` (or a bare address), keeping the name. */
function withAddress(from: string, address: string): string {
  return /<[^>]*>\s*$/.test(from) ? from.replace(/<[^>]*>\s*$/, `<${address}>`) : address;
}

/**
 * The last step before a transport: puts each mail on its stream's transport with the stream's
 * sender and bounce address, a Feedback-ID, and a DKIM signature of the From domain (so the
 * signature aligns with From for DMARC). Templates only say what a mail is; how it leaves is
 * decided here, once, for every kind.
 */
export function createDeliveringMailer(deps: DeliveringMailerDeps): Mailer {
  return {
    async send(mail: OutgoingMail) {
      const stream = mail.stream ?? streamOfKind(mail.kind);
      const config = deps.streams[stream];
      const siteDomain = mail.siteDomain ?? domainOfAddress(mail.from);
      const from = config.fromLocalPart && mail.siteDomain ? withAddress(mail.from, `${config.fromLocalPart}@${mail.siteDomain}`) : mail.from;
      const fromDomain = domainOfAddress(from);
      let returnPath = mail.returnPath;
      if (!returnPath && siteDomain) {
        const token = deps.streams.verp && deps.bounceToken ? await deps.bounceToken(mail.to, stream) : null;
        const localPart = token ? `${config.returnPathLocalPart}+${token}` : config.returnPathLocalPart;
        // A local part past RFC 5321's 64 characters would be refused by the next hop: then the plain address.
        returnPath = `${localPart.length <= MAX_LOCAL_PART ? localPart : config.returnPathLocalPart}@${siteDomain}`;
      }
      const headers = { ...mail.headers, ...(siteDomain ? { 'Feedback-ID': feedbackIdOf(mail.kind, siteDomain, stream) } : {}) };
      const dkim = fromDomain ? await deps.dkim.keyFor(fromDomain) : undefined;
      await deps.transports[stream].send({
        ...mail,
        stream,
        from,
        returnPath,
        headers,
        dkim: dkim && { domainName: dkim.domainName, keySelector: dkim.keySelector, privateKey: dkim.privateKey },
      });
    },
  };
}
