import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../../tests/factories/members';
import { createSite } from '../../../../tests/factories/sites';
import { createStaffMember } from '../../../../tests/factories/staff';
import { createTestContext, type TestContext } from '../../../../tests/setup/test-services';
import type { SiteRow } from '../../../db/schema/index';

let ctx: TestContext;
let site: SiteRow;
let conversationId: number;
let hostA: Record<string, string>;
let hostB: Record<string, string>;
let support: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestContext();
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain, freeMessages: 5 });
  const owner = await createStaffMember(ctx, 'owner');
  hostA = (await createStaffMember(ctx, 'host')).cookies;
  hostB = (await createStaffMember(ctx, 'host')).cookies;
  support = (await createStaffMember(ctx, 'support')).cookies;
  const actor = { id: owner.member.id, email: owner.member.email, role: owner.member.role, ip: null };
  const fictional = await ctx.services.fictionalProfiles.create(actor, site.id, {
    name: 'Noor',
    gender: 'female',
    seeking: 'male',
    dateOfBirth: '1992-01-01',
    country: 'NL',
    city: null,
    about: '',
    status: 'active',
  });
  const member = await createVisibleMember(ctx, site, { gender: 'male' });
  const sent = await ctx.services.chat.send(site, member.id, { profileId: fictional.id, kind: 'text', text: 'Hi', clientId: `notes-http-${Date.now()}` });
  conversationId = sent.message.conversation_id;
});
afterAll(() => ctx.close());

const notesUrl = () => `/api/admin/inbox/${conversationId}/notes`;

describe('host notes over HTTP', () => {
  it('adds and lists notes for every host; only the author deletes (403 for another host)', async () => {
    const added = await ctx.app.inject({ method: 'POST', url: notesUrl(), cookies: hostA, payload: { about: 'member', text: 'Birthday in May' } });
    expect(added.statusCode).toBe(201);
    const id = added.json().id as number;
    const seen = (await ctx.app.inject({ url: notesUrl(), cookies: hostB })).json();
    expect(seen).toMatchObject({ member: [{ id, body: 'Birthday in May', mine: false }], profile: [] });
    expect(seen.member[0].author).toMatch(/^host /);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/admin/inbox/notes/${id}`, cookies: hostB })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/admin/inbox/notes/${id}`, cookies: hostA })).statusCode).toBe(204);
  });

  it('refuses roles that do not answer members (403)', async () => {
    expect((await ctx.app.inject({ url: notesUrl(), cookies: support })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: notesUrl(), cookies: support, payload: { about: 'member', text: 'x' } })).statusCode).toBe(403);
  });

  it('answers an empty, too long or unaddressed note with 400 naming the field, and a missing conversation with 404', async () => {
    for (const [payload, field] of [
      [{ about: 'member', text: '   ' }, 'text'],
      [{ about: 'member', text: 'x'.repeat(1001) }, 'text'],
      [{ about: 'someone', text: 'x' }, 'about'],
    ] as const) {
      const response = await ctx.app.inject({ method: 'POST', url: notesUrl(), cookies: hostA, payload });
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json())).toContain(field);
    }
    expect((await ctx.app.inject({ url: '/api/admin/inbox/999999/notes', cookies: hostA })).statusCode).toBe(404);
  });
});
