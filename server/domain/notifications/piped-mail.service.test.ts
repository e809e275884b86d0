import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permanentDsn, temporaryDsn } from '../../../tests/factories/bounces';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { users, type SiteRow } from '../../db/schema/index';

const SECRET = 'piped-mail-service-secret-0123';
const headers = { authorization: `Bearer ${SECRET}` };
let ctx: TestContext;
let site: SiteRow;
let otherSite: SiteRow;
beforeAll(async () => {
  ctx = await createTestContext({ env: { MAIL_EVENTS_SECRET: SECRET, MAIL_VERP: 'true' } });
  site = await createSite(ctx.db, { domain: 'piped.test' });
  otherSite = await createSite(ctx.db);
});
afterAll(() => ctx.close());

const userRow = async (id: number) => (await ctx.db.select().from(users).where(eq(users.id, id)))[0];

describe('pipedMail.receiveBounce', () => {
  it('stops the address on every site it has an account on, as a webhook hard bounce does', async () => {
    const anna = await createVisibleMember(ctx, site);
    const twin = await createVisibleMember(ctx, otherSite);
    await ctx.db.update(users).set({ email: anna.email.toUpperCase() }).where(eq(users.id, twin.id));
    await ctx.services.notifier.notify(anna.id, 'new_messages', { template: 'no_such_template', path: '/chats' }, { key: `piped-${anna.id}` });
    const returnPath = ctx.mailer.last(anna.email).returnPath!;
    expect(returnPath).toMatch(/^bounces-bulk\+[0-9a-z]+-[0-9a-f]{24}@piped\.test$/);

    const soft = await ctx.services.pipedMail.receiveBounce({ rawMessage: temporaryDsn(returnPath, anna.email), headers });
    expect(soft).toEqual({ outcome: 'soft_bounce', accounts: 0 });
    expect((await userRow(anna.id)).notificationsDisabled).toEqual([]);

    const hard = await ctx.services.pipedMail.receiveBounce({ rawMessage: permanentDsn(returnPath, anna.email), headers });
    expect(hard).toEqual({ outcome: 'bounce', accounts: 2 });
    expect((await userRow(anna.id)).notificationsDisabled).toEqual(['bounce']);
    expect((await userRow(twin.id)).notificationsDisabled).toEqual(['bounce']);
  });

  it('refuses a bounce address of another deployment’s key', async () => {
    const bob = await createVisibleMember(ctx, site);
    const foreign = `bounces+${bob.id.toString(36)}-0123456789abcdef01234567@piped.test`;
    await expect(ctx.services.pipedMail.receiveBounce({ rawMessage: permanentDsn(foreign, bob.email), headers })).rejects.toMatchObject({
      code: 'validation_failed',
    });
    expect((await userRow(bob.id)).notificationsDisabled).toEqual([]);
  });
});
