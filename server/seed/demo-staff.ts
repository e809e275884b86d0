import crypto from 'node:crypto';
import type { StaffRole } from '../../contract/admin/roles';
import { hashPassword } from '../domain/accounts/passwords';
import { createRecoveryCodes, createTotpSecret, hashRecoveryCode } from '../domain/staff/second-factor';
import type { Executor } from '../db/client';
import { createStaffRepository } from '../db/repositories/staff.repository';

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
 * README, so they are used only on a server that listens on loopback; a server others can reach
 * gets fresh ones (see `seedDemoStaff`) and refuses to start while these are in its database.
 */
export const DEMO_STAFF: readonly DemoStaffAccount[] = [
  {
    email: 'owner@rendezvous.example',
    role: 'owner',
    name: 'Demo Owner',
    password: PASSWORD,
    totpSecret: 'RNDZVSDEMOOWNER2FACTORKEY7ABCDEF',
    recoveryCodes: ['DEMO-0001-AAAA', 'DEMO-0002-BBBB', 'DEMO-0003-CCCC', 'DEMO-0004-DDDD', 'DEMO-0005-EEEE'],
  },
  {
    email: 'admin@rendezvous.example',
    role: 'admin',
    name: 'Demo Admin',
    password: PASSWORD,
    totpSecret: 'RNDZVSDEMOADMIN2FACTORKEY7ABCDEF',
    recoveryCodes: ['DEMO-0011-AAAA', 'DEMO-0012-BBBB', 'DEMO-0013-CCCC'],
  },
  {
    email: 'moderator@rendezvous.example',
    role: 'moderator',
    name: 'Demo Moderator',
    password: PASSWORD,
    totpSecret: 'RNDZVSDEMOMODER2FACTORKEY7ABCDEF',
    recoveryCodes: ['DEMO-0021-AAAA', 'DEMO-0022-BBBB', 'DEMO-0023-CCCC'],
  },
  {
    email: 'support@rendezvous.example',
    role: 'support',
    name: 'Demo Support',
    password: PASSWORD,
    totpSecret: 'RNDZVSDEMOSUPPO2FACTORKEY7ABCDEF',
    recoveryCodes: ['DEMO-0031-AAAA', 'DEMO-0032-BBBB', 'DEMO-0033-CCCC'],
  },
  {
    email: 'host@rendezvous.example',
    role: 'host',
    name: 'Demo Host',
    password: PASSWORD,
    totpSecret: 'RNDZVSDEMOHOSTS2FACTORKEY7ABCDEF',
    recoveryCodes: ['DEMO-0041-AAAA', 'DEMO-0042-BBBB', 'DEMO-0043-CCCC'],
  },
];

export const DEMO_OWNER = DEMO_STAFF[0];

/** Support may refund up to this many credits at once in the demo. */
const DEMO_SUPPORT_REFUND_LIMIT = 500;
/** And give goodwill credits within these limits (issue 33). */
const DEMO_SUPPORT_GOODWILL = { goodwillPerGrant: 100, goodwillPer30Days: 1000 };

/**
 * Seeds the demo staff: with the README's published keys (`'published'`, for a server only this
 * machine reaches) or with fresh random ones (`'generated'`), which are returned to be shown once.
 */
export async function seedDemoStaff(db: Executor, now: Date, credentials: 'published' | 'generated'): Promise<readonly DemoStaffAccount[]> {
  const staff = createStaffRepository(db);
  const accounts = credentials === 'published' ? DEMO_STAFF : DEMO_STAFF.map(withFreshCredentials);
  for (const account of accounts) {
    await staff.insert({
      email: account.email,
      name: account.name,
      role: account.role,
      status: 'active',
      passwordHash: await hashPassword(account.password),
      totpSecret: account.totpSecret,
      totpConfirmedAt: now,
      recoveryCodeHashes: account.recoveryCodes.map(hashRecoveryCode),
      refundLimitCredits: account.role === 'support' ? DEMO_SUPPORT_REFUND_LIMIT : 0,
      ...(account.role === 'support' && DEMO_SUPPORT_GOODWILL),
      createdAt: now,
    });
  }
  return accounts;
}

function withFreshCredentials(account: DemoStaffAccount): DemoStaffAccount {
  return {
    ...account,
    password: crypto.randomBytes(15).toString('base64url'),
    totpSecret: createTotpSecret(),
    recoveryCodes: createRecoveryCodes().codes.slice(0, 3),
  };
}

/**
 * The staff accounts that still open with a key the README publishes (a TOTP secret or a
 * recovery code of the demo staff): anyone could sign in as them.
 */
export async function findStaffWithPublishedKeys(db: Executor): Promise<string[]> {
  const publishedSecrets = new Set(DEMO_STAFF.map((account) => account.totpSecret));
  const publishedCodes = new Set(DEMO_STAFF.flatMap((account) => account.recoveryCodes.map(hashRecoveryCode)));
  const staff = await createStaffRepository(db).list();
  return staff
    .filter((member) => member.status !== 'disabled')
    .filter((member) => (member.totpSecret && publishedSecrets.has(member.totpSecret)) || member.recoveryCodeHashes.some((hash) => publishedCodes.has(hash)))
    .map((member) => member.email);
}

/**
 * A server that others can reach must not open its console with the README's demo keys: the
 * start stops and says how to go on (the README's "Who can reach it").
 */
export async function refuseStaffWithPublishedKeys(db: Executor, host: string): Promise<void> {
  const exposed = await findStaffWithPublishedKeys(db);
  if (exposed.length === 0) return;
  throw new Error(
    `Refusing to listen on ${host}: the console accounts ${exposed.join(', ')} still open with the demo keys published in the README, ` +
      'so anyone who reaches this server could sign in as them. Start on loopback (leave HOST unset), or give each a new password and second factor ' +
      '(`npm run admin -- reset <email>`), or start over with an empty database: a demo seeded while HOST is set gets fresh keys, shown once.',
  );
}

/** The freshly made demo staff keys, for the terminal of whoever started the server (shown once). */
export function describeDemoStaffKeys(accounts: readonly DemoStaffAccount[]): string {
  const rows = accounts.map(
    (account) =>
      `    ${account.email.padEnd(30)} ${account.role.padEnd(10)} password ${account.password}  TOTP secret ${account.totpSecret}  recovery ${account.recoveryCodes.join(' ')}`,
  );
  return ['  demo console accounts (made for this server, shown only now — keep them to yourself):', ...rows].join('\n');
}
