import { hashPassword } from '../../domain/accounts/passwords';
import { hashRecoveryCode } from '../../domain/staff/second-factor';
import type { Executor } from '../client';
import { createStaffRepository } from '../repositories/staff.repository';

/**
 * The demo owner, so that a new user can look at the console right after `npm start`. Its
 * password, TOTP secret and recovery codes are published in the README — which is why
 * `SEED_DEMO` is unsafe on a real deployment (refused with a live payment provider).
 */
export const DEMO_OWNER = {
  email: 'owner@rendezvous.example',
  password: 'rendezvous-console',
  /** Base32, for any authenticator app (or `oathtool --totp -b`). */
  totpSecret: 'RNDZVSDEMOOWNER2FACTORKEY7ABCDEF',
  recoveryCodes: ['DEMO-0001-AAAA', 'DEMO-0002-BBBB', 'DEMO-0003-CCCC', 'DEMO-0004-DDDD', 'DEMO-0005-EEEE'],
} as const;

export async function seedDemoStaff(db: Executor, now: Date): Promise<void> {
  await createStaffRepository(db).insert({
    email: DEMO_OWNER.email,
    name: 'Demo Owner',
    role: 'owner',
    status: 'active',
    passwordHash: await hashPassword(DEMO_OWNER.password),
    totpSecret: DEMO_OWNER.totpSecret,
    totpConfirmedAt: now,
    recoveryCodeHashes: DEMO_OWNER.recoveryCodes.map(hashRecoveryCode),
    createdAt: now,
  });
}
