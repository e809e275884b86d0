import type { EmailTokenPurpose, EmailTokensRepository } from '../../db/repositories/email-tokens.repository';
import type { UsersRepository } from '../../db/repositories/users.repository';
import type { SiteRow, UserRow } from '../../db/schema/index';
import type { MailKind, MailService, SecurityNoticeKind } from '../mail/mail.service';
import { AppError } from '../shared/app-error';
import type { Clock } from '../shared/clock';
import type { SiteUrls } from '../sites/site-urls';
import { isSupportedLanguage, type Language } from '../../../contract/locales';
import { createToken, hashToken } from './session-tokens';

const HOUR = 3_600_000;
/** How long each kind of link works. */
export const LINK_LIFETIME_MS: Record<EmailTokenPurpose, number> = {
  activate: 7 * 24 * HOUR,
  password_reset: 2 * HOUR,
  mail_change: 24 * HOUR,
  reactivate: 14 * 24 * HOUR,
};

export interface LinkRecipient {
  id: number;
  email: string;
  name: string;
  language: Language;
}

const MAIL_OF: Record<EmailTokenPurpose, MailKind> = {
  activate: 'activation',
  password_reset: 'password_reset',
  mail_change: 'mail_change',
  reactivate: 'account_deleted',
};

/** Where each link lands: an API call that redirects, or the page that finishes the step. */
const LINK_PATH: Record<EmailTokenPurpose, string> = {
  activate: '/api/activate.php',
  password_reset: '/reset-password/do',
  mail_change: '/mail-change/do',
  reactivate: '/api/account.php',
};

/**
 * Where a security notice sends a member who did not make the change: a password can be taken
 * back by a reset (the notice's address is still theirs); a changed address cannot, so customer
 * service.
 */
const SECURITY_NOTICE_PATH: Record<SecurityNoticeKind, string> = {
  password_changed: '/reset-password',
  mail_changed: '/pages/service',
};

/**
 * Single-use e-mailed links: issues them (storing only a hash), mails them in the member's
 * language on the site's configured address, and redeems them once.
 */
export function createAccountLinks(deps: { tokens: EmailTokensRepository; users: UsersRepository; mail: MailService; urls: SiteUrls; clock: Clock }) {
  const { tokens, users, mail, urls, clock } = deps;

  /** Stores a new link's hash and answers its path on the member's site. */
  async function createLinkPath(purpose: EmailTokenPurpose, userId: number, newEmail?: string): Promise<string> {
    const { token, hash } = createToken();
    const now = clock.now();
    await tokens.insert({ tokenHash: hash, userId, purpose, newEmail, createdAt: now, expiresAt: new Date(now.getTime() + LINK_LIFETIME_MS[purpose]) });
    const query = purpose === 'reactivate' ? `?reactivate=1&token=${token}` : `?token=${token}`;
    return `${LINK_PATH[purpose]}${query}`;
  }

  async function issue(purpose: EmailTokenPurpose, site: SiteRow, to: LinkRecipient, newEmail?: string) {
    const path = await createLinkPath(purpose, to.id, newEmail);
    const recipient = { email: newEmail ?? to.email, name: to.name, language: to.language };
    await mail.send(MAIL_OF[purpose], site, recipient, urls.urlOf(site, path), { days: 14 });
  }

  async function recipientOf(user: UserRow): Promise<LinkRecipient> {
    const account = await users.findAccount(user.id);
    return {
      id: user.id,
      email: user.email,
      name: account?.profile.name ?? '',
      language: isSupportedLanguage(user.language) ? user.language : 'en',
    };
  }

  return {
    issue,
    recipientOf,
    /** A link token that is not mailed: for a step the member finishes in the same browser. */
    async issueUnmailed(purpose: EmailTokenPurpose, userId: number, lifetimeMs: number): Promise<string> {
      const { token, hash } = createToken();
      const now = clock.now();
      await tokens.insert({
        tokenHash: hash,
        userId,
        purpose,
        createdAt: now,
        expiresAt: new Date(now.getTime() + Math.min(lifetimeMs, LINK_LIFETIME_MS[purpose])),
      });
      return token;
    },
    sendActivation: (site: SiteRow, to: LinkRecipient) => issue('activate', site, to),
    /**
     * A security notice (no token in it) to the address the member had before the change, in
     * their language, on their site's frame: what changed, and where to go if it was not them.
     * Best effort: the change stands, and a mail server's hiccup must not undo it or hide it
     * from the member who made it.
     */
    async sendSecurityNotice(kind: SecurityNoticeKind, site: SiteRow, to: LinkRecipient, values: Record<string, string> = {}): Promise<void> {
      await mail
        .send(kind, site, { email: to.email, name: to.name, language: to.language }, urls.urlOf(site, SECURITY_NOTICE_PATH[kind]), values)
        .catch(() => undefined);
    },
    /**
     * A fresh link of a kind as a path on the member's site, for a mail someone else sends (the
     * activation reminders): the same token, lifetime and landing page as the link mailed here.
     */
    issueLinkPath: (purpose: EmailTokenPurpose, userId: number) => createLinkPath(purpose, userId),
    async sendReactivation(site: SiteRow, user: UserRow) {
      await issue('reactivate', site, await recipientOf(user));
    },
    /** Redeems a link; null when it is unknown, used or expired. */
    redeem(purpose: EmailTokenPurpose, token: string) {
      return tokens.consume(hashToken(token), purpose, clock.now());
    },
    /** Whether a link still works, without using it. */
    async isLive(purpose: EmailTokenPurpose, token: string): Promise<boolean> {
      return !!(await tokens.findLive(hashToken(token), purpose, clock.now()));
    },
    /** A link that still works, without using it; null otherwise. */
    findLive: (purpose: EmailTokenPurpose, token: string) => tokens.findLive(hashToken(token), purpose, clock.now()),
    /** How many links of a kind a member was sent since a moment. */
    countSince: (userId: number, purpose: EmailTokenPurpose, since: Date) => tokens.countSince(userId, purpose, since),
    revokeAll: (userId: number, purpose: EmailTokenPurpose) => tokens.revokeAll(userId, purpose, clock.now()),
  };
}

export type AccountLinks = ReturnType<typeof createAccountLinks>;

/** Throws the spec's text for a link that does not work. */
export function assertRedeemed<T>(value: T | null, code: 'link_invalid' | 'activation_failed' = 'link_invalid'): T {
  if (!value) throw new AppError(code);
  return value;
}
