import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../../tests/factories/members';
import { createSite } from '../../../../tests/factories/sites';
import { createStaffMember } from '../../../../tests/factories/staff';
import { createTestContext, type TestContext } from '../../../../tests/setup/test-services';

let ctx: TestContext;
let admin: Record<string, string>;
let moderator: Record<string, string>;
let hostA: { cookies: Record<string, string>; id: number };
let hostB: { cookies: Record<string, string>; id: number };
let day: string;
beforeAll(async () => {
  ctx = await createTestContext();
  const site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain, freeMessages: 5 });
  const owner = await createStaffMember(ctx, 'owner');
  admin = (await createStaffMember(ctx, 'admin')).cookies;
  moderator = (await createStaffMember(ctx, 'moderator')).cookies;
  const a = await createStaffMember(ctx, 'host');
  const b = await createStaffMember(ctx, 'host');
  hostA = { cookies: a.cookies, id: a.member.id };
  hostB = { cookies: b.cookies, id: b.member.id };
  const actor = (member: typeof a.member) => ({ id: member.id, email: member.email, role: member.role, ip: null });
  for (const [host, name] of [
    [a.member, 'Eva'],
    [b.member, 'Fay'],
  ] as const) {
    const fictional = await ctx.services.fictionalProfiles.create(actor(owner.member), site.id, {
      name,
      gender: 'female',
      seeking: 'male',
      dateOfBirth: '1990-02-02',
      country: 'NL',
      city: null,
      about: '',
      status: 'active',
    });
    const member = await createVisibleMember(ctx, site, { gender: 'male' });
    const sent = await ctx.services.chat.send(site, member.id, {
      profileId: fictional.id,
      kind: 'text',
      text: 'Hi',
      clientId: `figures-http-${name}-${Date.now()}`,
    });
    ctx.clock.advance(30_000);
    await ctx.services.hostInbox.reply(actor(host), sent.message.conversation_id, 'Hello!', `answer-${name}-${Date.now()}`);
  }
  day = ctx.clock.now().toISOString().slice(0, 10);
});
afterAll(() => ctx.close());

describe('host figures over HTTP', () => {
  it('shows an admin every host and a host only their own line', async () => {
    const all = await ctx.app.inject({ url: `/api/admin/host-figures?from=${day}&to=${day}`, cookies: admin });
    expect(all.statusCode).toBe(200);
    const ids = all.json().items.map((line: { staff_id: number }) => line.staff_id);
    expect(ids).toEqual(expect.arrayContaining([hostA.id, hostB.id]));
    expect(all.json().items.find((line: { staff_id: number }) => line.staff_id === hostA.id)).toMatchObject({
      conversations_answered: 1,
      messages_sent: 1,
      median_reply_seconds: 30,
      average_reply_seconds: 30,
    });
    const own = await ctx.app.inject({ url: `/api/admin/host-figures?from=${day}&to=${day}`, cookies: hostB.cookies });
    expect(own.json().items.map((line: { staff_id: number }) => line.staff_id)).toEqual([hostB.id]);
  });

  it('refuses roles that do not answer members (403) and a bad period (400, naming it)', async () => {
    expect((await ctx.app.inject({ url: `/api/admin/host-figures?from=${day}&to=${day}`, cookies: moderator })).statusCode).toBe(403);
    const reversed = await ctx.app.inject({ url: `/api/admin/host-figures?from=${day}&to=2000-01-01`, cookies: admin });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toContain('period');
    const notADate = await ctx.app.inject({ url: `/api/admin/host-figures?from=yesterday&to=${day}`, cookies: admin });
    expect(notADate.statusCode).toBe(400);
    expect(JSON.stringify(notADate.json())).toContain('from');
  });
});
