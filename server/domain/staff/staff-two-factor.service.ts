import type { Executor } from '../../db/client';
import { createStaffRepository, type StaffRepository } from '../../db/repositories/staff.repository';
import type { StaffRow } from '../../db/schema/index';
import type { ClientIdentity, LoginGuard } from '../accounts/login-guard';
import { hashToken } from '../accounts/session-tokens';
import type { AuditService, StaffActor } from '../audit/audit.service';
import { AppError } from '../shared/app-error';
import type { Clock } from '../shared/clock';
import { createRecoveryCodes, createTotpSecret, enrolmentCode, matchTotp, TOTP_ISSUER } from './second-factor';
import type { SignInAudit } from './staff-sign-in-audit';
import { STAFF_LOCKOUT, STAFF_SESSION_HOURS } from './staff-sign-in.service';
import { auditableStaff } from './staff-presenter';

const invalidCode = () => new AppError('second_factor_invalid', { fields: [{ field: 'code', code: 'second_factor_invalid' }] });

/**
 * A lost phone without its recovery codes: an owner resets the staff member's second factor
 * (secret and recovery codes gone, every session ended). At the next sign-in the password opens
 * a session that can only set up a new authenticator app, exactly as at the first enrolment;
 * its first valid code verifies the session and shows ten new recovery codes once.
 */
export function createStaffTwoFactorService(deps: {
  db: Executor;
  staff: StaffRepository;
  audit: AuditService;
  guard: LoginGuard;
  signInAudit: SignInAudit;
  clock: Clock;
}) {
  const { db, clock, guard } = deps;

  /** The member behind a half-open session that must set up its second factor; anything else is refused. */
  async function memberToEnrol(token: string): Promise<{ member: StaffRow }> {
    const found = await deps.staff.findSession(hashToken(token), clock.now());
    if (!found || found.member.status !== 'active') throw new AppError('staff_authentication_required');
    if (found.session.verifiedAt || found.member.totpConfirmedAt) throw new AppError('second_factor_set');
    return { member: found.member };
  }

  return {
    /** Owners only (the route says so); audited with the change in one transaction. An invited account has no second factor yet. */
    async reset(actor: StaffActor, id: number, version: number): Promise<StaffRow> {
      return db.transaction(async (tx) => {
        const staff = createStaffRepository(tx);
        const before = await staff.lock(id);
        if (!before) throw new AppError('not_found');
        if (before.version !== version) throw new AppError('version_conflict');
        if (before.status === 'invited') throw new AppError('staff_not_enrolled');
        const after = await staff.update(id, { totpSecret: null, totpConfirmedAt: null, totpLastStep: null, recoveryCodeHashes: [] });
        await staff.deleteSessionsOf(id);
        await deps.audit.record(tx, actor, {
          action: 'staff.two_factor_reset',
          targetType: 'staff',
          targetId: id,
          before: auditableStaff(before),
          after: auditableStaff(after),
        });
        return after;
      });
    },

    /** A new TOTP secret for the half-open session's member (a fresh one each time the page asks). */
    async begin(token: string): Promise<{ secret: string; uri: string; qrSvg: string }> {
      const { member } = await memberToEnrol(token);
      const secret = createTotpSecret();
      await deps.staff.update(member.id, { totpSecret: secret });
      return { secret, ...(await enrolmentCode(secret, member.email, TOTP_ISSUER)) };
    },

    /**
     * The first code from the new app: the second factor is set, the session verified (a working
     * day), the recovery codes returned — the only time they are shown. Wrong codes count towards
     * the sign-in lockout.
     */
    async confirm(token: string, code: string, client: ClientIdentity): Promise<{ member: StaffRow; recoveryCodes: string[] }> {
      const { member } = await memberToEnrol(token);
      const attempt = await guard.identify(STAFF_LOCKOUT, member.email, client);
      await guard.assertNotLocked(STAFF_LOCKOUT, attempt);
      const now = clock.now();
      const step = member.totpSecret ? matchTotp(member.totpSecret, code, now) : null;
      if (step === null) {
        await deps.signInAudit.failed(member, member.email, client, 'wrong_code');
        await guard.recordFailure(STAFF_LOCKOUT, attempt);
        throw invalidCode();
      }
      const { codes, hashes } = createRecoveryCodes();
      const updated = await db.transaction(async (tx) => {
        const staff = createStaffRepository(tx);
        const current = await staff.lock(member.id);
        // Another tab confirmed first, or the secret changed since this code was read.
        if (!current || current.totpConfirmedAt || current.totpSecret !== member.totpSecret) throw invalidCode();
        const row = await staff.update(member.id, { totpConfirmedAt: now, totpLastStep: step, recoveryCodeHashes: hashes, lastLoginAt: now });
        await staff.markSessionVerified(hashToken(token), now, new Date(now.getTime() + STAFF_SESSION_HOURS * 3_600_000));
        await deps.audit.record(
          tx,
          { id: row.id, email: row.email, role: row.role, ip: client.ip },
          { action: 'staff.two_factor_enrol', targetType: 'staff', targetId: row.id, before: auditableStaff(current), after: auditableStaff(row) },
        );
        return row;
      });
      await guard.recordSuccess(attempt);
      await deps.signInAudit.succeeded(updated, client, 'new_second_factor');
      return { member: updated, recoveryCodes: codes };
    },
  };
}

export type StaffTwoFactorService = ReturnType<typeof createStaffTwoFactorService>;
