import { listOutbox, type OutboxEntry } from '../../adapters/mail/nodemailer-mailer';

/**
 * The mails and text messages kept on disk instead of being sent (no `SMTP_URL` / `SMS_URL`),
 * newest first, for the outbox page. Who may read them is the page's access check
 * (`http/outbox-access.ts`): they hold every site's activation and password-reset links.
 */
export function createOutboxService(deps: { outboxDir: string }) {
  return {
    /** The newest kept entries (at most a hundred). */
    listRecent(): OutboxEntry[] {
      return listOutbox(deps.outboxDir);
    },
  };
}

export type OutboxService = ReturnType<typeof createOutboxService>;
