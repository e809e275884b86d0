import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { createUsersRepository } from '../../db/repositories/users.repository';
import type { SiteRow } from '../../db/schema/index';
import { SESSION_MAX_AGE_SECONDS } from './sessions.service';

/**
 * A signed-in member's page reads their session and their account in one statement (issue 36):
 * it must answer exactly what the session look-up and `getPageMember` answered one after the other.
 */

let ctx: TestContext;
let site: SiteRow;
beforeAll(async () => {
  ctx = await createTestContext();
  site = await createSite(ctx.db, { countries: ['NL'] });
});
afterAll(() => ctx.close());

describe('accounts.findPageMemberBySession', () => {
  it('answers what the session look-up and the page member read answer apart', async () => {
    const member = await createVisibleMember(ctx, site, { country: 'NL', latitude: 52.09, longitude: 5.12 });
    const token = await ctx.services.sessions.start(member.id, 'test');
    const together = await ctx.services.accounts.findPageMemberBySession(token, site);
    expect(together?.memberId).toBe(await ctx.services.sessions.findUserId(token));
    expect(together?.member).toEqual(await ctx.services.accounts.getPageMember(member.id, site));
    expect(together?.member?.user.id).toBe(member.id);
    expect(together?.member?.searcher).toMatchObject({ country: 'NL', place: { latitude: 52.09, longitude: 5.12 } });
  });

  it('finds nobody for an unknown or expired session, and no page member for a deleted account', async () => {
    const member = await createVisibleMember(ctx, site);
    const token = await ctx.services.sessions.start(member.id, 'test');
    expect(await ctx.services.accounts.findPageMemberBySession('not-a-session-token', site)).toBeNull();

    await createUsersRepository(ctx.db).update(member.id, { status: 'deleted' });
    expect(await ctx.services.accounts.findPageMemberBySession(token, site)).toEqual({ memberId: member.id, member: null });

    ctx.clock.advance(SESSION_MAX_AGE_SECONDS * 1000);
    expect(await ctx.services.accounts.findPageMemberBySession(token, site)).toBeNull();
    expect(await ctx.services.sessions.findUserId(token)).toBeNull();
  });
});
