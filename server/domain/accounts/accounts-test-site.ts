import { createSite } from '../../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import type { SiteRow } from '../../db/schema/index';

/** What the accounts tests share: a device that keeps a session, and a stranger's browser without cookies. */
export const sessionDevice = { userAgent: 'test browser' };
export const client = { ip: '198.51.100.7' };
export const requester = { client, memberId: null };

/** A fresh database with the site the accounts tests sign up on: welcome credits, three tries, a 15-minute lockout. */
export async function openAccountsSite(): Promise<{ ctx: TestContext; site: SiteRow }> {
  const ctx = await createTestContext();
  const site = await createSite(ctx.db, { domain: 'love.test', signupCredits: 20, loginMaxAttempts: 3, loginBlockMinutes: 15 });
  return { ctx, site };
}
