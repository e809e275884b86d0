import type { StaffRole } from '../../../contract/admin/roles';
import { hashPassword } from '../../domain/accounts/passwords';
import { hashRecoveryCode } from '../../domain/staff/second-factor';
import type { Executor } from '../client';
import { createStaffRepository } from '../repositories/staff.repository';

export interface DemoStaffAccount {
  email: string;
  role: StaffRole;
  name: string;
  password: string;
  /** Base32, for any authenticator app (or `oathtool --totp -b`). */
  totpSecret: string;
  recoveryCodes: readonly string[];
}

const PASSWORD = 'rendezvous-console';

/**
 * One demo account per role, so that a new user can look at the console right after `npm start`
 * as each kind of operator. Their password, TOTP secrets and recovery codes are published in the
 * README — which is why `SEED_DEMO` is unsafe on a real deployment (refused with live payments).
 */
export const DEMO_STAFF: readonly DemoStaffAccount[] = [
  { email: 'owner@rendezvous.example', role: 'owner', name: 'Demo Owner', password: PASSWORD, totpSecret: 'RNDZVSDEMOOWNER2FACTORKEY7ABCDEF', recoveryCodes: ['DEMO-0001-AAAA', 'DEMO-0002-BBBB', 'DEMO-0003-CCCC', 'DEMO-0004-DDDD', 'DEMO-0005-EEEE'] },
  { email: 'admin@rendezvous.example', role: 'admin', name: 'Demo Admin', password: PASSWORD, totpSecret: 'RNDZVSDEMOADMIN2FACTORKEY7ABCDEF', recoveryCodes: ['DEMO-0011-AAAA', 'DEMO-0012-BBBB', 'DEMO-0013-CCCC'] },
  { email: 'moderator@rendezvous.example', role: 'moderator', name: 'Demo Moderator', password: PASSWORD, totpSecret: 'RNDZVSDEMOMODER2FACTORKEY7ABCDEF', recoveryCodes: ['DEMO-0021-AAAA', 'DEMO-0022-BBBB', 'DEMO-0023-CCCC'] },
  { email: 'support@rendezvous.example', role: 'support', name: 'Demo Support', password: PASSWORD, totpSecret: 'RNDZVSDEMOSUPPO2FACTORKEY7ABCDEF', recoveryCodes: ['DEMO-0031-AAAA', 'DEMO-0032-BBBB', 'DEMO-0033-CCCC'] },
  { email: 'host@rendezvous.example', role: 'host', name: 'Demo Host', password: PASSWORD, totpSecret: 'RNDZVSDEMOHOSTS2FACTORKEY7ABCDEF', recoveryCodes: ['DEMO-0041-AAAA', 'DEMO-0042-BBBB', 'DEMO-0043-CCCC'] },
];

export const DEMO_OWNER = DEMO_STAFF[0];

/** Support may refund up to this many credits at once in the demo. */
const DEMO_SUPPORT_REFUND_LIMIT = 500;

export async function seedDemoStaff(db: Executor, now: Date): Promise<void> {
  const staff = createStaffRepository(db);
  const passwordHash = await hashPassword(PASSWORD);
  for (const account of DEMO_STAFF) {
    await staff.insert({
      email: account.email,
      name: account.name,
      role: account.role,
      status: 'active',
      passwordHash,
      totpSecret: account.totpSecret,
      totpConfirmedAt: now,
      recoveryCodeHashes: account.recoveryCodes.map(hashRecoveryCode),
      refundLimitCredits: account.role === 'support' ? DEMO_SUPPORT_REFUND_LIMIT : 0,
      createdAt: now,
    });
  }
}
