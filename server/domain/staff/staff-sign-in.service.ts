import type { StaffRepository } from '../../db/repositories/staff.repository';
import type { StaffRow } from '../../db/schema/index';
import { getDecoyHash, verifyPassword } from '../accounts/passwords';
import { createToken, hashToken } from '../accounts/session-tokens';
import { AppError } from '../shared/app-error';
import type { Clock } from '../shared/clock';
import { hashRecoveryCode, matchTotp } from './second-factor';

/** A console session lasts a working day, not the member's 30 days. */
export const STAFF_SESSION_HOURS = 12;
/** The members' lockout rule (spec §8), for staff too. */
export const STAFF_MAX_ATTEMPTS = 5;
export const STAFF_BLOCK_MINUTES = 15;
/** Minutes to type the code after the password; a half-signed-in session dies after that. */
const SECOND_FACTOR_MINUTES = 10;

export interface SignInClient {
  ip: string | null;
  userAgent?: string;
}

/**
 * Signing in to the console: the password opens a session that can do nothing until the second
 * factor (a TOTP code, or one of the recovery codes) verifies it. Wrong passwords and wrong
 * codes count towards the same lockout.
 */
export function createStaffSignInService(deps: { staff: StaffRepository; clock: Clock }) {
  const { clock } = deps;

  async function fail(member: StaffRow, code: 'login_failed' | 'second_factor_invalid'): Promise<never> {
    const now = clock.now();
    const updated = await deps.staff.recordFailedLogin(member.id, STAFF_MAX_ATTEMPTS, new Date(now.getTime() + STAFF_BLOCK_MINUTES * 60_000));
    if (updated.lockedUntil && updated.lockedUntil > now) throw new AppError('account_locked', { params: { minutes: STAFF_BLOCK_MINUTES } });
    throw new AppError(code);
  }

  function assertNotLocked(member: StaffRow) {
    const now = clock.now();
    if (member.lockedUntil && member.lockedUntil > now) {
      throw new AppError('account_locked', { params: { minutes: Math.max(1, Math.ceil((member.lockedUntil.getTime() - now.getTime()) / 60_000)) } });
    }
  }

  return {
    /** Checks the password; returns a session token that still needs the second factor. */
    async signIn(email: string, password: string, client: SignInClient): Promise<string> {
      const member = await deps.staff.findByEmail(email);
      if (!member || member.status !== 'active' || !member.passwordHash) {
        // The same work and the same answer for an unknown, invited or disabled address.
        await verifyPassword(await getDecoyHash(), password);
        throw new AppError('login_failed');
      }
      assertNotLocked(member);
      if (!(await verifyPassword(member.passwordHash, password))) return fail(member, 'login_failed');
      const { token, hash } = createToken();
      const now = clock.now();
      await deps.staff.insertSession({
        tokenHash: hash,
        staffId: member.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + SECOND_FACTOR_MINUTES * 60_000),
        ip: client.ip,
        userAgent: client.userAgent?.slice(0, 300),
      });
      return token;
    },

    /** Verifies a half-open session with a TOTP code or a recovery code (each code works once). */
    async verifySecondFactor(token: string, code: string): Promise<StaffRow> {
      const now = clock.now();
      const found = await deps.staff.findSession(hashToken(token), now);
      if (!found || found.member.status !== 'active') throw new AppError('staff_authentication_required');
      const { member } = found;
      assertNotLocked(member);
      if (found.session.verifiedAt) return member;
      const step = member.totpSecret ? matchTotp(member.totpSecret, code, now) : null;
      const updated = step !== null ? await deps.staff.acceptTotpStep(member.id, step, now) : await deps.staff.useRecoveryCode(member.id, hashRecoveryCode(code), now);
      if (!updated) return fail(member, 'second_factor_invalid');
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
