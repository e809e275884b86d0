import type { StaffRole } from '../../contract/admin/roles';
import { createStaffRepository } from '../../server/db/repositories/staff.repository';
import { createToken } from '../../server/domain/accounts/session-tokens';
import { createTotpSecret } from '../../server/domain/staff/second-factor';
import type { TestContext } from '../setup/test-services';

let counter = 0;

/**
 * An active staff member with a verified console session, made straight in the database (no
 * password hashing, no enrolment): for tests of what each role may do. `cookies` go with
 * `app.inject`.
 */
export async function createStaffMember(ctx: TestContext, role: StaffRole, overrides: { refundLimitCredits?: number } = {}) {
  counter += 1;
  const staff = createStaffRepository(ctx.db);
  const now = ctx.clock.now();
  const member = await staff.insert({
    email: `${role}${counter}.${Date.now()}@ops.example`,
    name: `${role} ${counter}`,
    role,
    status: 'active',
    passwordHash: 'not-used',
    totpSecret: createTotpSecret(),
    totpConfirmedAt: now,
    refundLimitCredits: overrides.refundLimitCredits ?? 0,
    createdAt: now,
  });
  const { token, hash } = createToken();
  await staff.insertSession({ tokenHash: hash, staffId: member.id, createdAt: now, verifiedAt: now, expiresAt: new Date(now.getTime() + 3_600_000) });
  return { member, token, cookies: { rdv_staff: token } };
}
