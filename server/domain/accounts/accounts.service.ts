import type { ProfileTeaser, SignupInput, User } from '../../../contract/accounts';
import { isCountryCode } from '../../../contract/countries';
import type { Language } from '../../../contract/locales';
import { searcherProfileOf, type SearcherProfile } from '../../db/repositories/profiles.repository';
import type { AccountRecord, UsersRepository } from '../../db/repositories/users.repository';
import type { SiteRow } from '../../db/schema/index';
import { grantSignupCredits } from '../credits/ledger';
import { AppError, throwFieldProblems } from '../shared/app-error';
import type { Clock } from '../shared/clock';
import type { AccountLinks } from './account-links.service';
import type { AccountTraces } from './account-traces';
import type { AddressAnswerLimits } from './address-answer-limits';
import type { ClientIdentity, LoginGuard } from './login-guard';
import { getDecoyHash, hashPassword, verifyPassword } from './passwords';
import type { SessionsService } from './sessions.service';
import { hashToken } from './session-tokens';
import { ageOn } from '../profiles/age-rule';
import type { SafetySignals } from '../safety/safety-signals.service';
import { screenSignupMessage } from './signup-message-screening';
import { checkSignupFields } from './signup-rules';
import { presentUser } from './user-presenter';

/** Spec §9: a deleted account can be restored for 14 days. */
export const REACTIVATION_DAYS = 14;
/** How long the "restore my account" offer after a log-in stays open in that browser. */
export const RESTORE_OFFER_MS = 15 * 60_000;

/**
 * The spec's pending-deletion answer to a log-in with the right password, carrying the offer
 * to restore the account at once: `restoreToken` goes into an HttpOnly cookie of that browser
 * and is redeemed by `accountDeletion.restore`.
 */
export class PendingDeletionError extends AppError {
  constructor(readonly restoreToken: string) {
    super('account_pending_deletion');
  }
}

/** The member as their pages show them, with what a search needs of their own profile. */
export interface PageMember {
  user: User;
  searcher: SearcherProfile;
}

const pageMemberOf = (account: AccountRecord, site: SiteRow): PageMember => ({
  user: presentUser(account, site),
  searcher: searcherProfileOf(account.profile),
});

/** What a sign-up or log-in request tells about the device, for its session. */
export interface SessionDevice {
  userAgent?: string;
}

/**
 * What a sign-up from a profile wrote to it, to keep until the address is confirmed (then it
 * goes out as the member's first message). A message without a target, or a target without
 * a message, keeps nothing; the sign-up itself succeeds either way.
 */
function firstMessageOf(input: SignupInput): { targetUserId: number; body: string } | undefined {
  const body = input.signup_message?.trim();
  if (!body || !input.target_profile_id) return undefined;
  return { targetUserId: input.target_profile_id, body };
}

/** Sign-up, log-in and the member's own account. */
export function createAccountsService(deps: {
  users: UsersRepository;
  sessions: SessionsService;
  links: AccountLinks;
  guard: LoginGuard;
  /** Rations the answer to "is this address taken?" (ADR 0051). */
  addressAnswers: AddressAnswerLimits;
  clock: Clock;
  /** Where sign-ups and log-ins came from, for the console's linked accounts (issue 32). */
  traces?: AccountTraces;
  /** The safety signals a sign-up's first message meets before it is kept (issue 32). */
  safety?: Pick<SafetySignals, 'screenMessage'>;
}) {
  const { users, sessions, links, guard, addressAnswers, clock, traces } = deps;

  async function findLiveAccount(userId: number) {
    const account = await users.findAccount(userId);
    if (!account || account.user.status === 'deleted') throw new AppError('authentication_required');
    return account;
  }

  async function getUser(userId: number, site: SiteRow): Promise<User> {
    return presentUser(await findLiveAccount(userId), site);
  }

  return {
    getUser,

    /**
     * The member as their pages show them, with what a search needs of their own profile, from
     * the one read of their account: the search page asked the database for it again (issue 36).
     */
    async getPageMember(userId: number, site: SiteRow): Promise<PageMember> {
      return pageMemberOf(await findLiveAccount(userId), site);
    },

    /**
     * `sessions.findUserId` and `getPageMember` in one statement, for a page that has not looked
     * its session up yet: the member of a live session (else null), and what their pages show
     * of them (null for a deleted account, as `getPageMember` refuses it).
     */
    async findPageMemberBySession(token: string, site: SiteRow): Promise<{ memberId: number; member: PageMember | null } | null> {
      const found = await users.findAccountBySession(hashToken(token), clock.now());
      if (!found) return null;
      const { account } = found;
      return { memberId: found.userId, member: account && account.user.status !== 'deleted' ? pageMemberOf(account, site) : null };
    },

    /**
     * Checks sign-up fields without storing anything (each step of the form). Whether an
     * address is taken is rationed per client and per address (ADR 0051).
     */
    async validateSignup(site: SiteRow, input: SignupInput, client: ClientIdentity): Promise<void> {
      const { problems, suggestion } = await checkSignupFields(input, site, clock.now(), true);
      if (input.email && !problems.some((p) => p.field === 'email')) {
        await addressAnswers.takeCheck(site.id, input.email, client);
        if (await users.findByEmail(site.id, input.email)) problems.push({ field: 'email', code: 'email_taken' });
      }
      throwFieldProblems(problems, suggestion);
    },

    /**
     * Creates the member with a not-yet-confirmed address and a hidden profile, sends the
     * activation mail and starts a session.
     */
    async signup(site: SiteRow, input: SignupInput, device: SessionDevice, language: Language, client?: ClientIdentity) {
      const hasTrafficSource = !!(input.network || input.ref);
      if (site.signups === 'with_trafficsource' && !hasTrafficSource) throw new AppError('signups_closed');
      const now = clock.now();
      const { problems, suggestion } = await checkSignupFields(input, site, now, false);
      const email = input.email!;
      if (!problems.some((p) => p.field === 'email')) {
        // Asked before the lookup, so a client past its day hears the same for any address.
        if (client) await addressAnswers.assertSignupAllowed(client);
        if (await users.findByEmail(site.id, email)) {
          problems.push({ field: 'email', code: 'email_taken' });
          if (client) await addressAnswers.countTakenAnswer(site.id, email, client);
        }
      }
      // The message goes out through the chat later: it must fit what the chat takes on this site.
      if (input.signup_message && input.signup_message.length > site.messageLength) {
        problems.push({ field: 'signup_message', code: 'message_too_long', params: { max: site.messageLength } });
      }
      throwFieldProblems(problems, suggestion);
      // Asked last, once the rest of the form is right: the answer is one tap, not a field to fix.
      const firstMessage = firstMessageOf(input);
      if (firstMessage && deps.safety) await screenSignupMessage(deps.safety, site, language, firstMessage.body, input.confirmed_safety === true);

      const country = input.country!.toUpperCase();
      const created = await users.insertWithProfile(
        {
          siteId: site.id,
          email,
          passwordHash: await hashPassword(input.password!),
          status: 'not_confirmed',
          language,
          createdAt: now,
          lastActiveAt: now,
          trackingNetwork: input.network,
          trackingRef: input.ref,
          trackingSub1: input.sub1,
          trackingSub2: input.sub2,
          trackingSub3: input.sub3,
        },
        {
          name: input.name!,
          gender: input.gender as 'male' | 'female',
          seeking: input.seeking as 'male' | 'female' | 'both',
          dateOfBirth: input.date_of_birth!,
          country,
          region: input.region && isCountryCode(country) ? input.region : null,
          // Never the sign-up message: that was written to one member, not to everyone (issue 18).
          about: '',
          // A niche site's members fit its niche, so it (and its sister sites) show them; niche 1 shows everyone.
          niches: site.niche > 1 ? [site.niche] : [],
          status: 'disabled',
        },
        (tx, userId) => grantSignupCredits(tx, userId, site.signupCredits, now),
        now,
        firstMessage,
      );
      await links.sendActivation(site, { id: created.id, email, name: input.name!, language });
      // The browser that created the account is its owner's.
      await guard.trustDevice({ siteId: site.id, email }, client);
      const token = await sessions.start(created.id, device.userAgent);
      await traces?.record(created.id, client);
      return { user: await getUser(created.id, site), token };
    },

    /**
     * Checks credentials. The same text answers a wrong password and an unknown address; after
     * the site's number of failures this client is blocked from the account for the site's
     * minutes (ADR 0019: per account and client, unknown addresses alike).
     */
    async login(site: SiteRow, email: string, password: string, device: SessionDevice, client: ClientIdentity) {
      const now = clock.now();
      const attempt = await guard.identify(site, email, client);
      await guard.assertNotLocked(site, attempt);
      const user = await users.findByEmail(site.id, email);
      // An unknown address costs the same hashing and is counted the same as a wrong password.
      const matches = await verifyPassword(user?.passwordHash ?? (await getDecoyHash()), password);
      if (!user || !matches) {
        await guard.recordFailure(site, attempt);
        throw new AppError('login_failed');
      }
      await guard.recordSuccess(attempt);
      // Banned by an operator (issue 16): said only to the right password; the page shows the access-ban page.
      if (user.bannedAt) throw new AppError('account_banned');
      // Suspended by a moderator (issue 32): told until when, in UTC to the minute.
      if (user.suspendedUntil && user.suspendedUntil > now) {
        throw new AppError('account_suspended', { params: { until: `${user.suspendedUntil.toISOString().slice(0, 16).replace('T', ' ')} UTC` } });
      }
      if (user.status === 'deleted') {
        const windowEnds = new Date((user.deletedAt ?? now).getTime() + REACTIVATION_DAYS * 86_400_000);
        if (windowEnds <= now) throw new AppError('login_failed');
        // Spec §4: reactivation within 14 days. The link is mailed as before, and the right
        // password also earns an offer to restore the account right here.
        await links.sendReactivation(site, user);
        throw new PendingDeletionError(await links.issueUnmailed('reactivate', user.id, RESTORE_OFFER_MS));
      }
      await users.recordLogin(user.id, now);
      const token = await sessions.start(user.id, device.userAgent);
      await traces?.record(user.id, client);
      return { user: await getUser(user.id, site), token };
    },

    async setLanguage(userId: number, language: Language): Promise<void> {
      await users.update(userId, { language });
    },

    /** Name, age, city and active photo of a visible member; null for hidden, unconfirmed or unknown. */
    async findProfileTeaser(id: number): Promise<ProfileTeaser | null> {
      const account = await users.findAccount(id);
      if (!account) return null;
      const { profile, mainPhoto } = account;
      // The one visibility rule (confirmed, not invisible, hidden or banned, profile active, 18 or older).
      if (!profile.visible) return null;
      return {
        id,
        name: profile.name,
        age: ageOn(profile.dateOfBirth, clock.now()),
        city: profile.city,
        main_image: mainPhoto?.status === 'active' ? { filename: mainPhoto.filename, thumb_filename: mainPhoto.thumbFilename, status: 'active' } : null,
      };
    },

    /** The notification kinds the member does not want, by e-mail and by push; a list left out stays. */
    async setNotificationSettings(userId: number, settings: { email_off?: string[]; push_off?: string[]; resume_mail?: boolean }): Promise<void> {
      const values: { emailNotificationsOff?: string[]; pushNotificationsOff?: string[]; notificationsDisabled?: string[] } = {};
      if (settings.email_off) values.emailNotificationsOff = [...new Set(settings.email_off)];
      if (settings.push_off) values.pushNotificationsOff = [...new Set(settings.push_off)];
      // "Send me mail again" after a bounce, complaint or provider unsubscribe (spec §4 reasons).
      if (settings.resume_mail) values.notificationsDisabled = [];
      if (Object.keys(values).length) await users.update(userId, values);
    },

    /** Privacy mode: the member disappears from search and others' lists. */
    async setInvisible(userId: number, invisible: boolean): Promise<void> {
      await users.update(userId, { isInvisible: invisible });
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
