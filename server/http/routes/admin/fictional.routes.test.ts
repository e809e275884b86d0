import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../../tests/factories/members';
import { createSite } from '../../../../tests/factories/sites';
import { createStaffMember } from '../../../../tests/factories/staff';
import { createTestContext, type TestContext } from '../../../../tests/setup/test-services';
import { bookCredits } from '../../../domain/credits/ledger';
import { users, type SiteRow } from '../../../db/schema/index';
import { eq, sql } from 'drizzle-orm';

let ctx: TestContext;
let site: SiteRow;
let owner: Record<string, string>;
let hostA: Record<string, string>;
let hostB: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestContext();
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain, freeMessages: 0, messageCredits: 10 });
  owner = (await createStaffMember(ctx, 'owner')).cookies;
  hostA = (await createStaffMember(ctx, 'host')).cookies;
  hostB = (await createStaffMember(ctx, 'host')).cookies;
});
afterAll(() => ctx.close());

const newProfile = { name: 'Lena', gender: 'female', seeking: 'male', date_of_birth: '1995-05-05', country: 'NL', city: 'Leiden', about: 'Cycling and coffee' };
let next = 0;

async function createFictional(cookies = owner) {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/admin/fictional-profiles', cookies, payload: { site_id: site.id, ...newProfile } });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number; version: number; is_fictional: true };
}

/** A paying member with an address and credits who has written to a fictional profile. */
async function memberWritingTo(profileId: number) {
  const member = await createVisibleMember(ctx, site, { gender: 'male', paidUser: true });
  await bookCredits(ctx.db, { userId: member.id, delta: 100, reason: 'adjustment', at: ctx.clock.now() });
  const cookies = { rdv_session: await ctx.services.sessions.start(member.id, 'test') };
  const payload = { profile_id: profileId, text: 'Hello, Lena!', client_id: `member-client-${++next}` };
  const refused = await ctx.app.inject({ method: 'POST', url: '/api/messages.php', cookies, payload });
  expect([refused.statusCode, refused.json().error]).toEqual([409, 'fictional_confirmation_required']);
  expect(refused.json().message).toMatch(/fictional profiles/);
  expect((await ctx.app.inject({ method: 'POST', url: '/api/fictional-confirmation.php', cookies, payload: { profile_id: profileId } })).statusCode).toBe(200);
  const sent = await ctx.app.inject({ method: 'POST', url: '/api/messages.php', cookies, payload });
  expect(sent.statusCode).toBe(201);
  return { member, conversationId: sent.json().message.conversation_id as number };
}

describe('fictional profiles over HTTP', () => {
  it('creates, lists a page and edits; a stale edit is a 409', async () => {
    const created = await createFictional();
    expect(created).toMatchObject({ is_fictional: true, version: 1, name: 'Lena', site_id: site.id });
    const page = await ctx.app.inject({ url: `/api/admin/fictional-profiles?site_id=${site.id}&page_size=25&sort=id&dir=desc`, cookies: owner });
    expect(page.json()).toMatchObject({ page: 1, page_size: 25, items: [{ id: created.id }] });
    const edited = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/fictional-profiles/${created.id}`,
      cookies: owner,
      payload: { version: 1, about: 'Books' },
    });
    expect(edited.json()).toMatchObject({ about: 'Books', version: 2 });
    const stale = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/fictional-profiles/${created.id}`,
      cookies: owner,
      payload: { version: 1, about: 'Lost' },
    });
    expect([stale.statusCode, stale.json().error]).toEqual([409, 'version_conflict']);
  });

  it('refuses every attempt to clear the fictional flag', async () => {
    const created = await createFictional();
    for (const payload of [
      { version: 1, is_fictional: false },
      { version: 1, name: 'Real now', is_fictional: false },
    ]) {
      const response = await ctx.app.inject({ method: 'PATCH', url: `/api/admin/fictional-profiles/${created.id}`, cookies: owner, payload });
      expect(response.statusCode).toBe(400);
    }
    const made = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/fictional-profiles',
      cookies: owner,
      payload: { site_id: site.id, ...newProfile, is_fictional: false },
    });
    expect(made.statusCode).toBe(400);
    const [account] = await ctx.db.select().from(users).where(eq(users.id, created.id));
    expect(account.isFictional).toBe(true);
    expect((await ctx.app.inject({ url: `/api/admin/fictional-profiles/${created.id}`, cookies: owner })).json()).toMatchObject({
      name: 'Lena',
      is_fictional: true,
      version: 1,
    });
  });

  it('answers bad input with 400 and a missing profile with 404', async () => {
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/fictional-profiles',
      cookies: owner,
      payload: { site_id: site.id, ...newProfile, date_of_birth: 'yesterday' },
    });
    expect(bad.statusCode).toBe(400);
    expect((await ctx.app.inject({ url: '/api/admin/fictional-profiles/999999', cookies: owner })).statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/admin/fictional-profiles', cookies: owner, payload: { ...newProfile, site_id: 999999 } })).statusCode,
    ).toBe(404);
  });
});

describe('the inbox over HTTP', () => {
  it('shows the waiting conversation and the member, never their e-mail address or payment data', async () => {
    const fictional = await createFictional();
    const { member, conversationId } = await memberWritingTo(fictional.id);
    const queue = await ctx.app.inject({ url: `/api/admin/inbox?site_id=${site.id}`, cookies: hostA });
    expect(queue.statusCode).toBe(200);
    const item = queue.json().items.find((entry: { conversation_id: number }) => entry.conversation_id === conversationId);
    expect(item).toMatchObject({ fictional: { id: fictional.id, name: 'Lena' }, member: { id: member.id }, last_message: 'Hello, Lena!', claim: null });

    const opened = await ctx.app.inject({ url: `/api/admin/inbox/${conversationId}`, cookies: hostA });
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ conversation_id: conversationId, member: { id: member.id, country: 'NL' }, messages: [{ text: 'Hello, Lena!' }] });
    // The profile the host speaks as, with its own details beside the member's (an adult, like every profile).
    expect(opened.json().fictional).toEqual({
      id: fictional.id,
      name: 'Lena',
      gender: 'female',
      age: expect.any(Number),
      country: 'NL',
      city: 'Leiden',
      about: 'Cycling and coffee',
      interests: [],
      photo_thumb: null,
    });
    expect(opened.json().fictional.age).toBeGreaterThanOrEqual(18);
    for (const body of [queue.body, opened.body]) {
      expect(body).not.toContain(member.email);
      expect(body).not.toMatch(/"(email|credits|paid_user|orders|iban|mandate)"/);
    }
  });

  it('claims, refuses another host with a clear 409, releases, and answers', async () => {
    const fictional = await createFictional();
    const { member, conversationId } = await memberWritingTo(fictional.id);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/admin/inbox/${conversationId}/claim`, cookies: hostA })).statusCode).toBe(200);
    const taken = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/inbox/${conversationId}/reply`,
      cookies: hostB,
      payload: { text: 'Hi!', client_id: 'host-client-1' },
    });
    expect([taken.statusCode, taken.json().error, taken.json().message]).toEqual([
      409,
      'conversation_claimed',
      'Another host is answering this conversation. Pick another one, or wait until they release it.',
    ]);
    expect((await ctx.app.inject({ url: `/api/admin/inbox/${conversationId}`, cookies: hostB })).json().claim).toMatchObject({ mine: false });
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/admin/inbox/${conversationId}/claim`, cookies: hostA })).statusCode).toBe(204);

    const answered = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/inbox/${conversationId}/reply`,
      cookies: hostB,
      payload: { text: 'Hi! Lena here.', client_id: 'host-client-2' },
    });
    expect(answered.statusCode).toBe(201);
    expect(answered.json().message).toMatchObject({ sender_id: fictional.id, credits_spent: 0, text: 'Hi! Lena here.' });
    const cookies = { rdv_session: await ctx.services.sessions.start(member.id, 'test') };
    const history = (await ctx.app.inject({ url: `/api/messages.php?conversation=${conversationId}`, cookies })).json();
    expect(history.messages[0]).toMatchObject({ text: 'Hi! Lena here.', sender_id: fictional.id });
    // Answered: out of the queue.
    const queue = (await ctx.app.inject({ url: `/api/admin/inbox?site_id=${site.id}`, cookies: hostA })).json();
    expect(queue.items.map((entry: { conversation_id: number }) => entry.conversation_id)).not.toContain(conversationId);
  });

  it('refuses an answer with contact or payment details with a 400 naming what it found, and sends nothing', async () => {
    const fictional = await createFictional();
    const { conversationId } = await memberWritingTo(fictional.id);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/inbox/${conversationId}/reply`,
      cookies: hostA,
      payload: { text: 'Call me: +31 6 1234 5678, or pay here https://pay.example.com/lena', client_id: 'host-client-unsafe' },
    });
    expect([refused.statusCode, refused.json().error]).toEqual([400, 'host_reply_unsafe']);
    expect(refused.json().message).toBe(
      'Not sent: hosts may not give out contact details, payment details or links, ask for money or move the talk off the site. ' +
        'This answer contains a phone number and a link. Remove it and send again.',
    );
    expect(refused.json().fields).toEqual([expect.objectContaining({ field: 'text', code: 'host_reply_unsafe' })]);
    const opened = (await ctx.app.inject({ url: `/api/admin/inbox/${conversationId}`, cookies: hostA })).json();
    expect(opened.messages.map((message: { text: string }) => message.text)).toEqual(['Hello, Lena!']);
  });

  it('says when a profile was saved under 18 before the age rule', async () => {
    const created = await createFictional();
    expect(created).toMatchObject({ under_age: false });
    await ctx.db.execute(sql`update profiles set date_of_birth = '2015-01-01' where id = ${created.id}`);
    const shown = (await ctx.app.inject({ url: `/api/admin/fictional-profiles/${created.id}`, cookies: owner })).json();
    expect(shown).toMatchObject({ status: 'active', under_age: true });
  });

  it('keeps member-only and staff-only doors shut', async () => {
    const fictional = await createFictional();
    const { conversationId } = await memberWritingTo(fictional.id);
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/admin/inbox/${conversationId}/reply`, payload: { text: 'x', client_id: 'host-client-3' } }))
        .statusCode,
    ).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/fictional-confirmation.php', payload: { profile_id: fictional.id } })).statusCode).toBe(403);
  });
});
