import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import type { SiteRow } from '../../db/schema/index';

let ctx: TestContext;
let site: SiteRow;
beforeAll(async () => {
  ctx = await createTestContext();
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain, freeMessages: 5, freeConversations: 5 });
});
afterAll(() => ctx.close());

async function loggedIn(options: Parameters<typeof createVisibleMember>[2] = {}) {
  const user = await createVisibleMember(ctx, site, options);
  return { id: user.id, cookies: { rdv_session: await ctx.services.sessions.start(user.id, 'test') } };
}

const like = (from: { cookies: Record<string, string> }, profileId: number) =>
  ctx.app.inject({ method: 'POST', url: '/api/like.php', cookies: from.cookies, payload: { profile_id: profileId } });
const chatsOf = async (member: { cookies: Record<string, string> }) => (await ctx.app.inject({ url: '/api/chats.php', cookies: member.cookies })).json();

describe('GET /api/chats.php matched', () => {
  it('says whether the member and the other one like each other, on each side', async () => {
    const walker = await loggedIn({ gender: 'male' });
    const regina = await loggedIn();
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/messages.php',
      cookies: walker.cookies,
      payload: { profile_id: regina.id, text: 'Hi Regina', client_id: 'match-mark-0001' },
    });
    expect(sent.statusCode).toBe(201);
    expect((await chatsOf(regina)).chats).toMatchObject([{ profile: { id: walker.id }, matched: false }]);

    expect((await like(regina, walker.id)).json()).toMatchObject({ is_match: false });
    expect((await chatsOf(walker)).chats).toMatchObject([{ profile: { id: regina.id }, matched: false }]);

    expect((await like(walker, regina.id)).json()).toMatchObject({ is_match: true });
    expect((await chatsOf(walker)).chats).toMatchObject([{ profile: { id: regina.id }, matched: true }]);
    expect((await chatsOf(regina)).chats).toMatchObject([{ profile: { id: walker.id }, matched: true }]);
    // The spec's fields stay as they were beside the new one.
    expect(Object.keys((await chatsOf(regina)).chats[0]).sort()).toEqual(
      ['blocked', 'conversation', 'last_message', 'last_message_at', 'matched', 'num_unread_messages', 'profile'].sort(),
    );
  });
});
