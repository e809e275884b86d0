import type { NotificationType } from '../../../contract/notifications';
import type { MailRecipientsRepository } from '../../db/repositories/mail-recipients.repository';
import { AppError } from '../shared/app-error';
import { createUnsubscribeTokens } from './unsubscribe-token';

/**
 * The unsubscribe links of notification mails. Looking at a link changes nothing (mail
 * scanners open links); only a POST — the mailbox provider's RFC 8058 one-click, or the
 * member's click on the page's button — switches the kind off.
 */
export function createUnsubscribeService(deps: { recipients: MailRecipientsRepository; secret: string }) {
  const tokens = createUnsubscribeTokens(deps.secret);

  function claimOf(token: string) {
    const claim = tokens.verify(token);
    if (!claim) throw new AppError('link_invalid', { detail: 'unsubscribe: bad or tampered token' });
    return claim;
  }

  return {
    /** The signed link of a member's kind, for mails and tests. */
    tokenFor(userId: number, kind: NotificationType): string {
      return tokens.issue(userId, kind);
    },

    /** Which kind the link switches off, and whether it already is off. */
    async describe(token: string): Promise<{ kind: NotificationType; isOff: boolean }> {
      const claim = claimOf(token);
      const member = await deps.recipients.findRecipient(claim.userId);
      if (!member) throw new AppError('link_invalid', { detail: `unsubscribe: member ${claim.userId} is gone` });
      return { kind: claim.kind, isOff: member.emailNotificationsOff.includes(claim.kind) };
    },

    /** Switches the link's kind off by e-mail; doing it twice is the same as once. */
    async unsubscribe(token: string): Promise<{ kind: NotificationType }> {
      const claim = claimOf(token);
      if (!(await deps.recipients.switchEmailKindOff(claim.userId, claim.kind))) {
        throw new AppError('link_invalid', { detail: `unsubscribe: member ${claim.userId} is gone` });
      }
      return { kind: claim.kind };
    },
  };
}

export type UnsubscribeService = ReturnType<typeof createUnsubscribeService>;
