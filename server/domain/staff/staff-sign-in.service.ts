import type { StaffRepository } from '../../db/repositories/staff.repository';
import type { StaffRow } from '../../db/schema/index';
import type { ClientIdentity, LockoutScope, LoginGuard } from '../accounts/login-guard';
import { getDecoyHash, verifyPassword } from '../accounts/passwords';
import { createToken, hashToken } from '../accounts/session-tokens';
import { AppError } from '../shared/app-error';
import type { Clock } from '../shared/clock';
import { hashRecoveryCode, matchTotp } from './second-factor';
import type { SignInAudit } from './staff-sign-in-audit';

/** A staff member as the sign-in hands it out (`findSession`). */
export type { StaffRow };

/** A console session lasts a working day, not the member's 30 days. */
export const STAFF_SESSION_HOURS = 12;
/**
 * The members' lockout (spec §8, ADR 0019) for staff: five wrong passwords or codes per account
 * and client lock that client out for 15 minutes. Scope 0 keeps staff addresses apart from every
 * site's members (site ids start at 1).
 */
export const STAFF_LOCKOUT: LockoutScope = { id: 0, loginMaxAttempts: 5, loginBlockMinutes: 15 };

/** What a half-open session asks for next: the code of the app already set up, or setting one up (after an owner reset it). */
export type SecondFactorStep = 'second_factor' | 'enrol_second_factor';

export function secondFactorStepOf(member: StaffRow): SecondFactorStep {
  return member.totpConfirmedAt ? 'second_factor' : 'enrol_second_factor';
}

/** Runs a lockout check and, when it refuses, audits the refusal before passing it on. */
async function auditedLockCheck(check: Promise<void>, audit: () => Promise<void>) {
  try {
    await check;
  } catch (error) {
    await audit();
    throw error;
  }
}
/** Minutes to type the code after the password; a half-signed-in session dies after that. */
const SECOND_FACTOR_MINUTES = 10;

export interface SignInClient extends ClientIdentity {
  userAgent?: string;
}

/**
 * Signing in to the console: the password opens a session that can do nothing until the second
 * factor (a TOTP code, or one of the recovery codes) verifies it. Wrong passwords and wrong
 * codes count towards the same lockout, per account and client, like the members' log-in.
 */
export function createStaffSignInService(deps: { staff: StaffRepository; guard: LoginGuard; clock: Clock; signInAudit: SignInAudit }) {
  const { clock, guard } = deps;

  return {
    /**
     * Checks the password; returns a session token that still needs the second factor (its step:
     * `findSession`). Every failure is audited with the client's address and its reason.
     */
    async signIn(email: string, password: string, client: SignInClient): Promise<string> {
      const attempt = await guard.identify(STAFF_LOCKOUT, email, client);
      const member = await deps.staff.findByEmail(email);
      await auditedLockCheck(guard.assertNotLocked(STAFF_LOCKOUT, attempt), () => deps.signInAudit.failed(member, email, client, 'locked'));
      const usable = member && member.status === 'active' && member.passwordHash ? member : null;
      // The same work and the same answer for an unknown, invited or disabled address.
      const matches = await verifyPassword(usable?.passwordHash ?? (await getDecoyHash()), password);
      if (!usable || !matches) {
        await deps.signInAudit.failed(member, email, client, !member ? 'unknown_address' : !usable ? 'not_active' : 'wrong_password');
        await guard.recordFailure(STAFF_LOCKOUT, attempt);
        throw new AppError('login_failed');
      }
      const { token, hash } = createToken();
      const now = clock.now();
      await deps.staff.insertSession({
        tokenHash: hash,
        staffId: usable.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + SECOND_FACTOR_MINUTES * 60_000),
        ip: client.ip,
        userAgent: client.userAgent?.slice(0, 300),
      });
      return token;
    },

    /**
     * Verifies a half-open session with a TOTP code or a recovery code. A code works once: its
     * time step (or the recovery code) is used up in one conditional update, so two requests
     * with the same code cannot both get in. Only a verified code ends the lockout count.
     */
    async verifySecondFactor(token: string, code: string, client: ClientIdentity): Promise<StaffRow> {
      const now = clock.now();
      const found = await deps.staff.findSession(hashToken(token), now);
      if (!found || found.member.status !== 'active') throw new AppError('staff_authentication_required');
      const { member } = found;
      const attempt = await guard.identify(STAFF_LOCKOUT, member.email, client);
      await auditedLockCheck(guard.assertNotLocked(STAFF_LOCKOUT, attempt), () => deps.signInAudit.failed(member, member.email, client, 'locked'));
      if (found.session.verifiedAt) return member;
      // A second factor an owner reset is set up again first (staff-two-factor.service), never skipped.
      if (!member.totpConfirmedAt) throw new AppError('second_factor_invalid');
      const step = member.totpSecret ? matchTotp(member.totpSecret, code, now) : null;
      const updated =
        step !== null ? await deps.staff.acceptTotpStep(member.id, step, now) : await deps.staff.useRecoveryCode(member.id, hashRecoveryCode(code), now);
      if (!updated) {
        await deps.signInAudit.failed(member, member.email, client, 'wrong_code');
        await guard.recordFailure(STAFF_LOCKOUT, attempt);
        throw new AppError('second_factor_invalid');
      }
      await guard.recordSuccess(attempt);
      await deps.signInAudit.succeeded(updated, client, step !== null ? 'totp' : 'recovery_code');
      // From here the session lasts a working day.
      await deps.staff.markSessionVerified(hashToken(token), now, new Date(now.getTime() + STAFF_SESSION_HOURS * 3_600_000));
      return updated;
    },

    /** A session verified from the start: right after enrolment, whose last step was a valid code. */
    async openVerifiedSession(member: StaffRow, client: SignInClient): Promise<string> {
      const { token, hash } = createToken();
      const now = clock.now();
      await deps.staff.insertSession({
        tokenHash: hash,
        staffId: member.id,
        createdAt: now,
        verifiedAt: now,
        expiresAt: new Date(now.getTime() + STAFF_SESSION_HOURS * 3_600_000),
        ip: client.ip,
        userAgent: client.userAgent?.slice(0, 300),
      });
      return token;
    },

    /** Where a session stands: null when unknown or expired, else the member and whether it is verified. */
    async findSession(token: string): Promise<{ member: StaffRow; verified: boolean } | null> {
      const found = await deps.staff.findSession(hashToken(token), clock.now());
      if (!found || found.member.status !== 'active') return null;
      return { member: found.member, verified: found.session.verifiedAt !== null };
    },

    signOut: (token: string) => deps.staff.deleteSession(hashToken(token)),
  };
}

export type StaffSignInService = ReturnType<typeof createStaffSignInService>;
