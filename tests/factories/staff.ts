import type { StaffRole } from '../../contract/admin/roles';
import type { Language } from '../../contract/locales';
import type { BrowserLanguages } from '../../server/domain/staff/console-language';
import { createStaffRepository } from '../../server/db/repositories/staff.repository';
import { createToken } from '../../server/domain/accounts/session-tokens';
import { SYSTEM_ACTOR } from '../../server/domain/audit/audit.service';
import { createTotpSecret, currentTotp } from '../../server/domain/staff/second-factor';
import type { TestContext } from '../setup/test-services';

let counter = 0;

/**
 * An active staff member with a verified console session, made straight in the database (no
 * password hashing, no enrolment): for tests of what each role may do. `cookies` go with
 * `app.inject`.
 */
export async function createStaffMember(
  ctx: TestContext,
  role: StaffRole,
  overrides: { refundLimitCredits?: number; goodwillPerGrant?: number; goodwillPer30Days?: number; consoleLanguage?: Language } = {},
) {
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
    consoleLanguage: overrides.consoleLanguage ?? 'en',
    goodwillPerGrant: overrides.goodwillPerGrant ?? 0,
    goodwillPer30Days: overrides.goodwillPer30Days ?? 0,
    createdAt: now,
  });
  const { token, hash } = createToken();
  await staff.insertSession({ tokenHash: hash, staffId: member.id, createdAt: now, verifiedAt: now, expiresAt: new Date(now.getTime() + 3_600_000) });
  return { member, token, cookies: { rdv_staff: token } };
}

/**
 * A staff member enrolled the real way (invitation, password, first code), with their TOTP
 * secret and recovery codes: for tests of sign-in and second factors. The clock moves on 30 s,
 * so the next code is not the enrolment's, which is used up. `browser` is what the enrolling
 * browser said about its languages.
 */
export async function enrolStaffMember(ctx: TestContext, role: StaffRole, browser: BrowserLanguages = {}) {
  counter += 1;
  const email = `enrolled${counter}.${Date.now()}@ops.example`;
  const password = 'a long console passphrase';
  const { url } = await ctx.services.staffEnrolment.invite(SYSTEM_ACTOR, { email, role });
  const token = new URL(url).searchParams.get('token')!;
  const { secret } = await ctx.services.staffEnrolment.start(token, { name: `Enrolled ${counter}`, password });
  const { member, recoveryCodes } = await ctx.services.staffEnrolment.confirm(token, currentTotp(secret, ctx.clock.now()), null, browser);
  ctx.clock.advance(30_000);
  return { member, secret, recoveryCodes, email, password };
}
