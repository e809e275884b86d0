import type { UsersRepository } from '../../db/repositories/users.repository';
import type { SiteRow } from '../../db/schema/index';
import { AppError } from '../shared/app-error';
import { assertRedeemed, type AccountLinks } from './account-links.service';
import type { CurrentPasswordCheck } from './current-password';
import type { ClientIdentity } from './login-guard';
import { isEmailAddress } from '../../../contract/email-address';

/** Changing the e-mail address: confirmed from the new mailbox before it takes effect. */
export function createMailChangeService(deps: { users: UsersRepository; links: AccountLinks; checkCurrentPassword: CurrentPasswordCheck }) {
  const { users, links } = deps;
  return {
    async request(site: SiteRow, userId: number, newEmail: string, password: string, client: ClientIdentity): Promise<void> {
      await deps.checkCurrentPassword(site, userId, password, client, 'current_password_wrong', 'password');
      const user = await users.findById(userId);
      if (!user) throw new AppError('authentication_required');
      if (!isEmailAddress(newEmail) || newEmail.toLowerCase() === user.email.toLowerCase()) {
        throw new AppError('new_email_invalid', { fields: [{ field: 'email', code: 'new_email_invalid' }] });
      }
      if (await users.findByEmail(site.id, newEmail)) throw new AppError('email_exists', { fields: [{ field: 'email', code: 'email_exists' }] });
      await links.issue('mail_change', site, await links.recipientOf(user), newEmail);
    },

    /**
     * Applies the change; clicking the link also proves the new address, so it counts as
     * confirmed. The old address is told, with the new one, so an owner who did not ask knows.
     */
    async confirm(site: SiteRow, token: string): Promise<void> {
      const redeemed = assertRedeemed(await links.redeem('mail_change', token));
      const user = await users.findById(redeemed.userId);
      if (!user || user.siteId !== site.id || !redeemed.newEmail) throw new AppError('link_invalid');
      const owner = await users.findByEmail(site.id, redeemed.newEmail);
      if (owner && owner.id !== user.id) throw new AppError('email_exists');
      const oldAddress = await links.recipientOf(user);
      await users.update(user.id, { email: redeemed.newEmail, ...(user.status === 'not_confirmed' && { status: 'active' }) });
      if (user.status === 'not_confirmed') await users.updateProfile(user.id, { status: 'active' });
      await links.sendSecurityNotice('mail_changed', site, oldAddress, { new_email: redeemed.newEmail });
    },
  };
}

export type MailChangeService = ReturnType<typeof createMailChangeService>;
