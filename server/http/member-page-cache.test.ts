import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessions, sites, users, type SiteRow } from '../db/schema/index';
import { hashToken } from '../domain/accounts/session-tokens';
import { createVisibleMember, signUpMember, tokenFromLastMail } from '../../tests/factories/members';
import { createSite } from '../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../tests/setup/test-services';
import { createPageCache } from './page-cache';
import { LIVE_SESSION_MS } from './member-page-cache';
import { mayChangeMemberPages } from './page-cache-invalidation';

/**
 * Members' tabs kept per session (ADR 0048), against the production build: a repeat visit is
 * answered without a render, never to anyone else, and anything the member does or is told
 * drops it.
 */

let ctx: TestContext;
let site: SiteRow;
let reader: { id: number; email: string; cookies: { rdv_session: string } };
let writer: { id: number; email: string; cookies: { rdv_session: string } };
let shown: { id: number };

beforeAll(async () => {
  ctx = await createTestContext({ pages: true, env: { MEMBER_PAGE_CACHE_SECONDS: '30' } });
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain, signupCredits: 200 });
  const memberOf = async (name: string, gender: 'male' | 'female', seeking: 'male' | 'female') => {
    const member = await createVisibleMember(ctx, site, { name, gender, seeking });
    return { ...member, cookies: { rdv_session: await ctx.services.sessions.start(member.id, 'test') } };
  };
  reader = await memberOf('Reinhold', 'male', 'female');
  shown = await createVisibleMember(ctx, site, { name: 'Ottilie' });
  // A confirmed member with credits, who can write to the reader.
  const signedUp = await signUpMember(ctx, site, { gender: 'female', seeking: 'male' });
  await ctx.services.activation.activate(tokenFromLastMail(ctx, signedUp.input.email!));
  writer = { id: signedUp.user.id, email: signedUp.input.email!, cookies: { rdv_session: signedUp.token } };
});
afterAll(() => ctx.close());

type Member = typeof reader;
const open = (member: Member | null, url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ url, ...(member && { cookies: member.cookies }), headers: { 'accept-encoding': 'identity', ...headers } });
const dataOf = (path: string, route: string) => `${path}.data?_routes=${encodeURIComponent(route)}`;

describe('a member’s tab', () => {
  it('is rendered once, then answered from what was kept for their session', async () => {
    const first = await open(reader, '/members');
    const second = await open(reader, '/members');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-cache']).toBe('miss');
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(second.body).toContain(reader.email);
    expect(second.headers['cache-control']).toBe('private, no-cache');
    expect(second.headers.vary).toBe('Accept-Encoding, Cookie');
  });

  it('carries its inline scripts’ hashes in its CSP, no nonce, like a visitor’s kept page', async () => {
    const page = await open(reader, '/likes');
    const csp = String(page.headers['content-security-policy']);
    const inline = [...page.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter((match) => !/\ssrc=/.test(match[1]!) && match[2]);
    expect(inline.length).toBeGreaterThan(0);
    for (const match of inline) expect(csp).toContain(`'sha256-${crypto.createHash('sha256').update(match[2]!).digest('base64')}'`);
    expect(csp).not.toContain('nonce-');
  });

  it('keeps client navigations (`.data`) too, per route list', async () => {
    const url = dataOf('/chats', 'routes/chat/chats');
    const first = await open(reader, url);
    const second = await open(reader, url);
    expect(first.statusCode).toBe(200);
    expect(String(first.headers['content-type'])).toMatch(/^text\/x-script/);
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(second.headers['content-security-policy']).toBeUndefined();
    expect((await open(reader, dataOf('/chats', 'root,routes/chat/chats'))).headers['x-cache']).toBe('miss');
  });

  it('answers 304 to its ETag, and sends brotli when asked', async () => {
    const page = await open(reader, `/members/${shown.id}`);
    const again = await open(reader, `/members/${shown.id}`, { 'if-none-match': String(page.headers.etag) });
    expect(again.statusCode).toBe(304);
    const br = await open(reader, `/members/${shown.id}`, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
  });

  it('is never answered to another member, nor to another session of the same member, nor to a visitor', async () => {
    await open(reader, '/members?gender=female');
    expect((await open(reader, '/members?gender=female')).headers['x-cache']).toBe('hit');
    const other = await open(writer, '/members?gender=female');
    expect(other.headers['x-cache']).toBe('miss');
    expect(other.body).toContain(writer.email);
    expect(other.body).not.toContain(reader.email);
    const secondSession = { ...reader, cookies: { rdv_session: await ctx.services.sessions.start(reader.id, 'phone') } };
    expect((await open(secondSession, '/members?gender=female')).headers['x-cache']).toBe('miss');
    const visitor = await open(null, '/members?gender=female');
    expect(visitor.body).not.toContain(reader.email);
  });

  it('is not kept for a cookie that is no session: that one is sent to log in, every time', async () => {
    const stranger = { ...reader, cookies: { rdv_session: 'not-a-session-token-at-all-0000000000000' } };
    for (let attempt = 0; attempt < 2; attempt++) {
      const page = await open(stranger, '/likes');
      expect(page.statusCode).toBe(302);
      expect(page.headers.location).toMatch(/^\/login/);
      expect(page.body).not.toContain(reader.email);
    }
  });

  it('is rendered again once its time is up', async () => {
    await open(reader, '/likes?after=time');
    expect((await open(reader, '/likes?after=time')).headers['x-cache']).toBe('hit');
    ctx.clock.advance(31_000);
    expect((await open(reader, '/likes?after=time')).headers['x-cache']).toBe('miss');
  });
});

describe('a member’s kept tabs are dropped', () => {
  it('when they do something themselves (a like), and the tab shows it', async () => {
    const url = dataOf('/likes', 'likes');
    await open(reader, url);
    expect((await open(reader, url)).headers['x-cache']).toBe('hit');
    const like = await ctx.app.inject({ method: 'POST', url: '/api/like.php', cookies: reader.cookies, payload: { profile_id: shown.id } });
    expect(like.statusCode).toBeLessThan(300);
    const after = await open(reader, url);
    expect(after.headers['x-cache']).toBe('miss');
  });

  it('when another member writes to them: the conversations tab shows the message at once', async () => {
    await open(reader, '/chats');
    expect((await open(reader, '/chats')).headers['x-cache']).toBe('hit');
    await ctx.services.chat.send(site, writer.id, {
      profileId: reader.id,
      kind: 'text',
      text: 'A message the kept tab must not hide',
      clientId: 'member-cache-1',
    });
    const after = await open(reader, '/chats');
    expect(after.headers['x-cache']).toBe('miss');
    expect(after.body).toContain('A message the kept tab must not hide');
  });

  it('when another member likes them', async () => {
    await open(reader, '/likes');
    expect((await open(reader, '/likes')).headers['x-cache']).toBe('hit');
    const like = await ctx.app.inject({ method: 'POST', url: '/api/like.php', cookies: writer.cookies, payload: { profile_id: reader.id } });
    expect(like.statusCode).toBeLessThan(300);
    expect((await open(reader, '/likes')).headers['x-cache']).toBe('miss');
  });

  it('when a member who liked them takes it back: the likes tab no longer shows it', async () => {
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/like.php', cookies: writer.cookies, payload: { profile_id: reader.id } })).statusCode,
    ).toBeLessThan(300);
    await open(reader, '/likes');
    expect((await open(reader, '/likes')).headers['x-cache']).toBe('hit');
    const unlike = await ctx.app.inject({ method: 'DELETE', url: '/api/like.php', cookies: writer.cookies, payload: { profile_id: reader.id } });
    expect(unlike.statusCode).toBe(200);
    expect((await open(reader, '/likes')).headers['x-cache']).toBe('miss');
  });

  it('when a member they knew is purged by the job, which sends them no event', async () => {
    const leaver = await createVisibleMember(ctx, site, { name: 'Leontine', gender: 'female', seeking: 'male' });
    await ctx.services.likes.like(leaver.id, reader.id);
    // The like's own invalidation may come through the bus after a first open: open until the tab is kept.
    await vi.waitFor(async () => expect((await open(reader, '/likes')).headers['x-cache']).toBe('hit'), { timeout: 5_000, interval: 50 });
    // Deleted long enough ago, written straight to the table: nothing is announced until the purge.
    const deletedAt = new Date(ctx.clock.now().getTime() - 15 * 86_400_000);
    await ctx.db.update(users).set({ status: 'deleted', deletedAt }).where(eq(users.id, leaver.id));
    expect((await open(reader, '/likes')).headers['x-cache']).toBe('hit');
    await ctx.services.accountDeletion.purgeIfStillDeleted(leaver.id);
    // The purge's event reaches the cache through the bus (Redis in the postgres project): wait for it.
    await vi.waitFor(
      async () => {
        const after = await open(reader, '/likes');
        expect(after.headers['x-cache']).toBe('miss');
        expect(after.body).not.toContain('Leontine');
      },
      { timeout: 5_000, interval: 50 },
    );
  });

  it('when they open a page outside the tabs (its loader may change what the tabs show)', async () => {
    await open(reader, '/members');
    expect((await open(reader, '/members')).headers['x-cache']).toBe('hit');
    expect((await open(reader, '/profile')).statusCode).toBe(200);
    expect((await open(reader, '/members')).headers['x-cache']).toBe('miss');
  });

  it('when the site changes', async () => {
    await open(reader, '/members');
    expect((await open(reader, '/members')).headers['x-cache']).toBe('hit');
    await ctx.db.update(sites).set({ name: 'Renamed For Members' }).where(eq(sites.id, site.id));
    await ctx.services.siteChanges.publish(site.id);
    const after = await open(reader, '/members');
    expect(after.headers['x-cache']).toBe('miss');
    expect(after.body).toContain('Renamed For Members');
  });

  it('when the session ends: the old cookie gets the log-in, not the kept page', async () => {
    const leaving = { ...writer, cookies: { rdv_session: await ctx.services.sessions.start(writer.id, 'laptop') } };
    await open(leaving, '/likes');
    expect((await open(leaving, '/likes')).headers['x-cache']).toBe('hit');
    await ctx.services.sessions.end(leaving.cookies.rdv_session);
    const after = await open(leaving, '/likes');
    expect(after.statusCode).toBe(302);
    expect(after.body).not.toContain(writer.email);
  });

  it('when the session is gone without a word (expired, or its end’s news lost): a hit checks it, at most a second late', async () => {
    const token = await ctx.services.sessions.start(writer.id, 'tablet');
    const quiet = { ...writer, cookies: { rdv_session: token } };
    await open(quiet, '/chats');
    expect((await open(quiet, '/chats')).headers['x-cache']).toBe('hit');
    await ctx.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    ctx.clock.advance(LIVE_SESSION_MS + 1);
    const after = await open(quiet, '/chats');
    expect(after.statusCode).toBe(302);
    expect(after.body).not.toContain(writer.email);
  });
});

describe('what may change a member’s tabs', () => {
  const request = (method: string, url: string, routeUrl: string, config: { changesMemberPages?: true } = {}) =>
    ({ method, url, routeOptions: { url: routeUrl, config }, cookies: { rdv_session: 'x' } }) as unknown as Parameters<typeof mayChangeMemberPages>[0];

  it('is every write and every page outside the tabs, and never an API read or a tab', () => {
    expect(mayChangeMemberPages(request('POST', '/api/like.php', '/api/like.php'))).toBe(true);
    expect(mayChangeMemberPages(request('GET', '/confirm/abc', '/*'))).toBe(true);
    expect(mayChangeMemberPages(request('GET', '/chats/12', '/*'))).toBe(true);
    expect(mayChangeMemberPages(request('GET', '/api/chats.php', '/api/chats.php'))).toBe(false);
    expect(mayChangeMemberPages(request('GET', '/api/auto-like.php', '/api/auto-like.php', { changesMemberPages: true }))).toBe(true);
    expect(mayChangeMemberPages(request('GET', '/members/3.data?_routes=x', '/*'))).toBe(false);
    expect(mayChangeMemberPages(request('GET', '/likes', '/*'))).toBe(false);
  });
});

describe('the cache itself', () => {
  const render = (body: string) => async () => ({ body: Buffer.from(body), headers: { 'content-type': 'text/html' } });

  it('drops one member’s pages and keeps the others’', async () => {
    const cache = createPageCache({ freshMs: 60_000, staleMs: 0, maxBytes: 1 << 20, now: () => Date.now(), onError: () => {} });
    await cache.get('a/1', { siteId: 1, memberId: 1 }, render('one'));
    await cache.get('a/2', { siteId: 1, memberId: 1 }, render('one again'));
    await cache.get('b/1', { siteId: 1, memberId: 2 }, render('two'));
    cache.invalidateMember(1);
    expect(cache.peek('a/1')).toBeNull();
    expect(cache.peek('a/2')).toBeNull();
    expect(cache.peek('b/1')).not.toBeNull();
  });

  it('does not keep a render that read before a change, and the next request does not wait for it', async () => {
    const cache = createPageCache({ freshMs: 60_000, staleMs: 0, maxBytes: 1 << 20, now: () => Date.now(), onError: () => {} });
    let finish!: () => void;
    const slow = cache.get('a/1', { siteId: 1, memberId: 1 }, async () => {
      await new Promise<void>((resolve) => (finish = resolve));
      return { body: Buffer.from('before'), headers: { 'content-type': 'text/html' } };
    });
    await new Promise((resolve) => setImmediate(resolve));
    cache.invalidateMember(1);
    const fresh = cache.get('a/1', { siteId: 1, memberId: 1 }, render('after'));
    finish();
    expect((await slow).page?.identity.toString()).toBe('before');
    expect((await fresh).page?.identity.toString()).toBe('after');
    expect(cache.peek('a/1')?.identity.toString()).toBe('after');
  });
});
