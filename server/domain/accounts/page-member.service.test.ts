import Fastify from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { createUsersRepository } from '../../db/repositories/users.repository';
import type { SiteRow } from '../../db/schema/index';
import { authPlugin, findMemberAlong } from '../../http/auth';
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

describe('findMemberAlong', () => {
  /** A route that asks for the member along with a value, after `findMemberId` when `first` says so. */
  async function appCounting() {
    const reads = { withSession: 0, byId: 0, sessionLookups: 0 };
    const app = Fastify();
    await app.register(fastifyCookie);
    await app.register(authPlugin, {
      sessions: {
        findUserId: async (token: string) => {
          reads.sessionLookups += 1;
          return token === 'live' ? 7 : null;
        },
      } as never,
    });
    app.get('/page', async (request) => {
      const before = request.query && (request.query as { first?: string }).first ? await request.findMemberId() : undefined;
      const found = await findMemberAlong(
        request,
        async (token) => {
          reads.withSession += 1;
          return token === 'live' ? { memberId: 7, value: 'with the session' } : null;
        },
        async (memberId) => {
          reads.byId += 1;
          return `by id ${memberId}`;
        },
      );
      return { before: before ?? null, found, after: await request.findMemberId() };
    });
    await app.ready();
    return { app, reads };
  }

  it('reads the session and the value together, and answers later look-ups from that read', async () => {
    const { app, reads } = await appCounting();
    const page = await app.inject({ url: '/page', cookies: { rdv_session: 'live' } });
    expect(page.json()).toEqual({ before: null, found: { memberId: 7, value: 'with the session' }, after: 7 });
    expect(reads).toEqual({ withSession: 1, byId: 0, sessionLookups: 0 });
    await app.close();
  });

  it('reads by id when the session was looked up already, and reads nothing without a cookie', async () => {
    const { app, reads } = await appCounting();
    const page = await app.inject({ url: '/page?first=1', cookies: { rdv_session: 'live' } });
    expect(page.json()).toEqual({ before: 7, found: { memberId: 7, value: 'by id 7' }, after: 7 });
    expect(reads).toEqual({ withSession: 0, byId: 1, sessionLookups: 1 });
    const visitor = await app.inject({ url: '/page' });
    expect(visitor.json()).toEqual({ before: null, found: null, after: null });
    const stranger = await app.inject({ url: '/page', cookies: { rdv_session: 'ended' } });
    expect(stranger.json()).toEqual({ before: null, found: null, after: null });
    expect(reads).toEqual({ withSession: 1, byId: 1, sessionLookups: 1 });
    await app.close();
  });
});
