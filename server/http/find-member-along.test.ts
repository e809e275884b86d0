import Fastify from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { describe, expect, it } from 'vitest';
import { authPlugin, findMemberAlong } from './auth';

/**
 * A page asks for the member along with what it needs of them (issue 36): one read when nothing
 * looked the session up yet, and the request's later `findMemberId` answers from it.
 */

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
