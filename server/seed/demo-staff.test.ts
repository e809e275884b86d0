import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../tests/setup/test-services';
import { currentTotp } from '../domain/staff/second-factor';
import { SYSTEM_ACTOR } from '../domain/audit/audit.service';
import { DEMO_STAFF, findStaffWithPublishedKeys, refuseStaffWithPublishedKeys, seedDemoStaff } from './demo-staff';

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
});
afterEach(() => ctx.close());

describe('demo staff keys', () => {
  it('makes fresh keys for a server others can reach, and they open the console', async () => {
    const accounts = await seedDemoStaff(ctx.db, ctx.clock.now(), 'generated');
    expect(accounts.map((account) => account.role)).toEqual(DEMO_STAFF.map((account) => account.role));
    for (const [index, account] of accounts.entries()) {
      const published = DEMO_STAFF[index];
      expect(account.password).not.toBe(published.password);
      expect(account.totpSecret).not.toBe(published.totpSecret);
      expect(account.recoveryCodes.some((code) => published.recoveryCodes.includes(code))).toBe(false);
    }
    expect(new Set(accounts.map((account) => account.totpSecret)).size).toBe(accounts.length);
    expect(await findStaffWithPublishedKeys(ctx.db)).toEqual([]);
    await expect(refuseStaffWithPublishedKeys(ctx.db, '0.0.0.0')).resolves.toBeUndefined();

    const owner = accounts[0];
    const token = await ctx.services.staffSignIn.signIn(owner.email, owner.password, { ip: '127.0.0.1' });
    const signedIn = await ctx.services.staffSignIn.verifySecondFactor(token, currentTotp(owner.totpSecret, ctx.clock.now()), { ip: '127.0.0.1' });
    expect(signedIn.role).toBe('owner');
  });

  it('refuses a start beyond loopback while an account opens with a published key, until it is reset', async () => {
    await seedDemoStaff(ctx.db, ctx.clock.now(), 'published');
    const emails = DEMO_STAFF.map((account) => account.email);
    expect(await findStaffWithPublishedKeys(ctx.db)).toEqual(emails);
    await expect(refuseStaffWithPublishedKeys(ctx.db, '0.0.0.0')).rejects.toThrow(
      `Refusing to listen on 0.0.0.0: the console accounts ${emails.join(', ')} still open with the demo keys published in the README`,
    );
    for (const account of DEMO_STAFF) await ctx.services.staffEnrolment.invite(SYSTEM_ACTOR, { email: account.email, role: account.role, reset: true });
    expect(await findStaffWithPublishedKeys(ctx.db)).toEqual([]);
  });
});
