import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import type { SiteRow } from '../../db/schema/index';

let ctx: TestContext;
let site: SiteRow;
beforeAll(async () => {
  ctx = await createTestContext();
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain, messageCredits: 0, freeConversations: 100, loggedOutSearch: 'all' });
});
afterAll(() => ctx.close());

let next = 0;
async function member(name: string, gender: 'male' | 'female') {
  const user = await createVisibleMember(ctx, site, { name, gender, seeking: gender === 'male' ? 'female' : 'male', paidUser: true });
  return { id: user.id, cookies: { rdv_session: await ctx.services.sessions.start(user.id, 'test') } };
}
const write = (from: { cookies: Record<string, string> }, to: { profile_id?: number; conversation_id?: number }, text = 'Hello') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/messages.php',
    cookies: from.cookies,
    payload: { ...to, text, client_id: `blocks-http-${++next}-${Date.now()}` },
  });

describe('block.php', () => {
  it('needs a member', async () => {
    expect((await ctx.app.inject({ url: '/api/block.php' })).json()).toMatchObject({ error: 'authentication_required' });
    expect((await ctx.app.inject({ method: 'DELETE', url: '/api/block.php', payload: { profile_id: 1 } })).statusCode).toBe(403);
  });

  it('lists the blocked members and unblocks them', async () => {
    const anna = await member('Anna', 'female');
    const ben = await member('Ben', 'male');
    expect((await ctx.app.inject({ method: 'POST', url: '/api/block.php', cookies: anna.cookies, payload: { profile_id: ben.id } })).json()).toEqual({
      ok: true,
    });
    const listed = await ctx.app.inject({ url: '/api/block.php', cookies: anna.cookies });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual({
      blocked: [{ profile: { id: ben.id, name: 'Ben', main_image: expect.objectContaining({ status: 'active' }) }, blocked_at: ctx.clock.now().toISOString() }],
    });
    expect((await ctx.app.inject({ url: '/api/block.php', cookies: ben.cookies })).json()).toEqual({ blocked: [] });

    expect((await ctx.app.inject({ method: 'DELETE', url: '/api/block.php', cookies: anna.cookies, payload: { profile_id: ben.id } })).json()).toEqual({
      ok: true,
    });
    expect((await ctx.app.inject({ url: '/api/block.php', cookies: anna.cookies })).json()).toEqual({ blocked: [] });
  });

  it('answers 404, not a server error, for a member who does not exist', async () => {
    const anna = await member('Anna', 'female');
    const response = await ctx.app.inject({ method: 'POST', url: '/api/block.php', cookies: anna.cookies, payload: { profile_id: 2_000_000_000 } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'not_found' });
  });
});

describe('what a block withholds from the blocked member', () => {
  it('takes the conversation out of chats.php and messages.php, refuses sends and the blocker’s profile, and gives it back on unblock', async () => {
    const anna = await member('Anna', 'female');
    const ben = await member('Ben', 'male');
    const conversationId = (await write(anna, { profile_id: ben.id }, 'Hi Ben')).json().message.conversation_id as number;
    expect((await write(ben, { conversation_id: conversationId }, 'Hi Anna')).statusCode).toBe(201);
    await ctx.app.inject({ method: 'POST', url: '/api/block.php', cookies: anna.cookies, payload: { profile_id: ben.id } });

    expect((await ctx.app.inject({ url: '/api/chats.php', cookies: ben.cookies })).json()).toEqual({ chats: [], total_unread_messages: 0 });
    const history = await ctx.app.inject({ url: `/api/messages.php?conversation=${conversationId}`, cookies: ben.cookies });
    expect(history.statusCode).toBe(404);
    expect(history.json().error).toBe('not_found');
    const sent = await write(ben, { conversation_id: conversationId });
    expect(sent.statusCode).toBe(403);
    expect(sent.json()).toEqual({ error: 'blocked', message: 'You cannot contact this member.' });
    const profile = await ctx.app.inject({ url: `/api/members.php?id=${anna.id}`, cookies: ben.cookies });
    expect(profile.statusCode).toBe(403);
    expect(profile.json()).toEqual({ error: 'blocked_by', message: "You're blocked by Anna. You do not have access to this page." });
    // Search, likes and related profiles leave the blocker out too.
    expect(
      (await ctx.app.inject({ url: '/api/members.php?page=1', cookies: ben.cookies })).json().results.map((card: { id: number }) => card.id),
    ).not.toContain(anna.id);

    // The blocker keeps the conversation and its history.
    expect((await ctx.app.inject({ url: '/api/chats.php', cookies: anna.cookies })).json().chats).toMatchObject([
      { conversation: { id: conversationId }, blocked: true, num_unread_messages: 1 },
    ]);
    expect((await ctx.app.inject({ url: `/api/messages.php?conversation=${conversationId}`, cookies: anna.cookies })).json().messages).toHaveLength(2);
    expect((await write(anna, { conversation_id: conversationId })).json().error).toBe('blocked');

    await ctx.app.inject({ method: 'DELETE', url: '/api/block.php', cookies: anna.cookies, payload: { profile_id: ben.id } });
    expect((await ctx.app.inject({ url: '/api/chats.php', cookies: ben.cookies })).json().chats).toMatchObject([
      { conversation: { id: conversationId }, blocked: false },
    ]);
    expect((await ctx.app.inject({ url: `/api/messages.php?conversation=${conversationId}`, cookies: ben.cookies })).json().messages).toHaveLength(2);
    expect((await write(ben, { conversation_id: conversationId }, 'Back again')).statusCode).toBe(201);
  });
});
