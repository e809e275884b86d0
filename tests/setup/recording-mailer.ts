import type { Mailer, OutgoingMail } from '../../server/adapters/mail/mail.port';

/** Keeps sent mails in memory so tests can read them and follow their links. */
export function createRecordingMailer() {
  const sent: OutgoingMail[] = [];
  const mailer: Mailer & { sent: OutgoingMail[]; last(to?: string): OutgoingMail; linkIn(mail: OutgoingMail): string } = {
    sent,
    async send(mail) {
      sent.push(mail);
    },
    last(to) {
      const found = [...sent].reverse().find((mail) => !to || mail.to === to);
      if (!found) throw new Error(`No mail${to ? ` to ${to}` : ''} was sent`);
      return found;
    },
    /** The action link of a mail (the one URL in its text part that carries a token). */
    linkIn(mail) {
      const match = /https?:\/\/\S+token=[\w-]+/.exec(mail.text);
      if (!match) throw new Error(`No link in mail "${mail.subject}"`);
      return match[0];
    },
  };
  return mailer;
}
