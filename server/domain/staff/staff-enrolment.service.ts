import type { StaffRole } from '../../../contract/admin/roles';
import { isEmailAddress } from '../../../contract/email-address';
import type { Mailer } from '../../adapters/mail/mail.port';
import type { Executor } from '../../db/client';
import { createStaffRepository, type StaffRepository } from '../../db/repositories/staff.repository';
import type { StaffRow } from '../../db/schema/index';
import { findPasswordProblem, hashPassword } from '../accounts/passwords';
import { createToken, hashToken } from '../accounts/session-tokens';
import type { AuditService, StaffActor } from '../audit/audit.service';
import { AppError, throwFieldProblems } from '../shared/app-error';
import { checkedSiteIds } from './staff-sites';
import type { Clock } from '../shared/clock';
import { chooseConsoleLanguage, type BrowserLanguages } from './console-language';
import { createRecoveryCodes, createTotpSecret, enrolmentCode, matchTotp, TOTP_ISSUER } from './second-factor';
import { auditableStaff } from './staff-presenter';

/** An invitation link works for three days and once. */
export const INVITATION_DAYS = 3;

/**
 * New staff: an owner (or the command line) invites an address with a role; the invitee opens
 * the one-time link, chooses a password, adds the TOTP secret to an authenticator app and proves
 * it with a first code, and only then is the account active, with ten recovery codes shown once.
 */
export function createStaffEnrolmentService(deps: {
  db: Executor;
  staff: StaffRepository;
  audit: AuditService;
  mailer: Mailer;
  /** The console's enrolment page for a token, on the default site's configured address. */
  enrolmentUrl: (token: string) => Promise<string>;
  clock: Clock;
}) {
  const { db, clock } = deps;

  async function liveInvitation(token: string): Promise<StaffRow> {
    const invitation = await deps.staff.findLiveInvitation(hashToken(token), clock.now());
    const member = invitation && (await deps.staff.findById(invitation.staffId));
    if (!member || member.status !== 'invited') throw new AppError('link_invalid');
    return member;
  }

  return {
    /**
     * Invites an address with a role (a new account, or a new link for one still invited) and
     * mails the link; returns it too, for the command line and for an owner to pass on.
     */
    async invite(
      actor: StaffActor,
      input: { email: string; role: StaffRole; name?: string; reset?: boolean; siteIds?: readonly number[] },
    ): Promise<{ member: StaffRow; url: string }> {
      // The contract's one rule for addresses, here too: the command line and every caller meet it.
      if (!isEmailAddress(input.email)) throw new AppError('email_invalid', { fields: [{ field: 'email', code: 'email_invalid' }] });
      const { token, hash } = createToken();
      const now = clock.now();
      // Worked out first: nothing is stored for a link that could not be written.
      const url = await deps.enrolmentUrl(token);
      const member = await db.transaction(async (tx) => {
        const staff = createStaffRepository(tx);
        const siteIds = await checkedSiteIds(tx, input.role, input.siteIds);
        const existing = await staff.findByEmail(input.email);
        if (existing && existing.status !== 'invited' && !input.reset)
          throw new AppError('email_exists', { fields: [{ field: 'email', code: 'email_exists' }] });
        // A reset (lost phone and codes) starts the account over: no password, no second factor, no sessions.
        if (existing && input.reset) await staff.deleteSessionsOf(existing.id);
        const row = existing
          ? await staff.update(existing.id, {
              role: input.role,
              name: input.name ?? existing.name,
              ...(siteIds && { siteIds }),
              ...(input.reset && {
                status: 'invited' as const,
                passwordHash: null,
                totpSecret: null,
                totpConfirmedAt: null,
                totpLastStep: null,
                recoveryCodeHashes: [],
              }),
            })
          : await staff.insert({
              email: input.email,
              role: input.role,
              name: input.name ?? '',
              status: 'invited',
              invitedBy: actor.id,
              createdAt: now,
              siteIds: siteIds ?? [],
            });
        await staff.revokeInvitations(row.id, now);
        await staff.insertInvitation({ tokenHash: hash, staffId: row.id, createdAt: now, expiresAt: new Date(now.getTime() + INVITATION_DAYS * 86_400_000) });
        await deps.audit.record(tx, actor, {
          action: input.reset ? 'staff.reset' : 'staff.invite',
          targetType: 'staff',
          targetId: row.id,
          before: existing ? auditableStaff(existing) : {},
          after: auditableStaff(row),
        });
        return row;
      });
      await deps.mailer.send({
        kind: 'staff_invitation',
        stream: 'transactional',
        from: '"Rendezvous console" <no-reply@rendezvous.invalid>',
        to: member.email,
        subject: 'You are invited to the Rendezvous console',
        text: [
          'Hello,',
          '',
          `${actor.email === 'command line' ? 'An operator' : actor.email} invited you to run the sites in the Rendezvous console as ${member.role}.`,
          `Open this link within ${INVITATION_DAYS} days to choose a password and set up two-factor sign-in with an authenticator app:`,
          '',
          url,
          '',
          'The link works once. If you did not expect this, ignore this e-mail.',
        ].join('\n'),
      });
      return { member, url };
    },

    /** Who an invitation is for, to greet them on the enrolment page. */
    async readInvitation(token: string) {
      const member = await liveInvitation(token);
      return { email: member.email, role: member.role, name: member.name };
    },

    /** Sets the name and password and makes a TOTP secret; the account stays invited until a code proves it. */
    async start(token: string, input: { name: string; password: string }) {
      const member = await liveInvitation(token);
      const problem = await findPasswordProblem(input.password, { email: member.email, name: input.name });
      throwFieldProblems(problem ? [{ field: 'password', code: problem }] : []);
      const secret = createTotpSecret();
      await deps.staff.update(member.id, { name: input.name, passwordHash: await hashPassword(input.password), totpSecret: secret, totpConfirmedAt: null });
      const { uri, qrSvg } = await enrolmentCode(secret, member.email, TOTP_ISSUER);
      return { secret, uri, qrSvg };
    },

    /**
     * The first code from the app proves the secret was saved: the account becomes active, the
     * link is used up, and the recovery codes are returned — the only time they are shown. The
     * console will speak the language the enrolment page spoke (the browser's, else English)
     * until they choose another.
     */
    async confirm(token: string, code: string, actorIp: string | null, browser: BrowserLanguages = {}): Promise<{ member: StaffRow; recoveryCodes: string[] }> {
      const member = await liveInvitation(token);
      const now = clock.now();
      const step = member.totpSecret && member.passwordHash ? matchTotp(member.totpSecret, code, now) : null;
      if (step === null) throw new AppError('second_factor_invalid', { fields: [{ field: 'code', code: 'second_factor_invalid' }] });
      const { codes, hashes } = createRecoveryCodes();
      const updated = await db.transaction(async (tx) => {
        const staff = createStaffRepository(tx);
        if (!(await staff.consumeInvitation(hashToken(token), now))) throw new AppError('link_invalid');
        const row = await staff.update(member.id, {
          status: 'active',
          totpConfirmedAt: now,
          totpLastStep: step,
          recoveryCodeHashes: hashes,
          consoleLanguage: chooseConsoleLanguage(browser),
        });
        await deps.audit.record(
          tx,
          { id: row.id, email: row.email, role: row.role, ip: actorIp },
          { action: 'staff.enrol', targetType: 'staff', targetId: row.id, before: auditableStaff(member), after: auditableStaff(row) },
        );
        return row;
      });
      return { member: updated, recoveryCodes: codes };
    },
  };
}

export type StaffEnrolmentService = ReturnType<typeof createStaffEnrolmentService>;
