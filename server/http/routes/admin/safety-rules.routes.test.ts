import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../../tests/factories/members';
import { createSite } from '../../../../tests/factories/sites';
import { createStaffMember } from '../../../../tests/factories/staff';
import { createTestContext, type TestContext } from '../../../../tests/setup/test-services';
import type { SiteRow } from '../../../db/schema/index';

let ctx: TestContext;
let site: SiteRow;
let moderatorCookies: Record<string, string>;
let supportCookies: Record<string, string>;
let memberCookies: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestContext();
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
  await ctx.services.safetySignals.seedBuiltins();
  moderatorCookies = (await createStaffMember(ctx, 'moderator')).cookies;
  supportCookies = (await createStaffMember(ctx, 'support')).cookies;
  const member = await createVisibleMember(ctx, site);
  memberCookies = { rdv_session: await ctx.services.sessions.start(member.id, 'test') };
});
afterAll(() => ctx.close());

const addRule = (cookies: Record<string, string>, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/admin/safety-rules', cookies, payload });
const entry = { site_id: null, language: 'en', category: 'money', kind: 'phrase', value: 'Buy me a voucher' };

describe('console safety rule lists', () => {
  it('are closed to members, and to staff without the moderation permission', async () => {
    expect((await ctx.app.inject({ url: '/api/admin/safety-rules', cookies: memberCookies })).statusCode).toBe(403);
    expect((await addRule(memberCookies, entry)).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/admin/safety-rules', cookies: supportCookies })).statusCode).toBe(403);
    expect((await addRule(supportCookies, entry)).statusCode).toBe(403);
    expect(
      (
        await ctx.app.inject({
          method: 'PUT',
          url: `/api/admin/sites/${site.id}/safety`,
          cookies: moderatorCookies,
          payload: { hold_contact_texts: false, message_policy: 'block' },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('lists the built-in entries, adds one, refuses it twice and removes it, all audited', async () => {
    const list = await ctx.app.inject({ url: '/api/admin/safety-rules', cookies: moderatorCookies });
    expect(list.statusCode).toBe(200);
    expect(list.json().entries).toEqual(
      expect.arrayContaining([expect.objectContaining({ category: 'messenger', kind: 'word', value: 'whatsapp', builtin: true })]),
    );

    const added = await addRule(moderatorCookies, entry);
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ value: 'buy me a voucher', kind: 'phrase', builtin: false });
    const again = await addRule(moderatorCookies, entry);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This entry is already on the list.');

    const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/admin/safety-rules/${added.json().id}`, cookies: moderatorCookies });
    expect(removed.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/admin/safety-rules/${added.json().id}`, cookies: moderatorCookies })).statusCode).toBe(404);
    const audit = await ctx.db.execute(
      sql`select action from audit_log where target_type = 'safety_rule' and target_id = ${String(added.json().id)} order by id`,
    );
    expect((audit as unknown as { rows: { action: string }[] }).rows.map((row) => row.action)).toEqual(['safety_rule.add', 'safety_rule.remove']);
  });

  it('refuses regular expressions and patterns that could stall the chat, with words an operator understands', async () => {
    const regex = await addRule(moderatorCookies, { ...entry, kind: 'pattern', value: '(a+)+$' });
    expect(regex.statusCode).toBe(400);
    expect(regex.json()).toMatchObject({ error: 'safety_pattern_invalid' });
    expect(regex.json().message).toContain('Regular expressions are not accepted');
    const loose = await addRule(moderatorCookies, { ...entry, kind: 'pattern', value: 'a*****b' });
    expect(loose.statusCode).toBe(400);
    expect(loose.json()).toMatchObject({ error: 'safety_pattern_too_loose' });
    expect((await addRule(moderatorCookies, { ...entry, kind: 'word', value: 'two words' })).json()).toMatchObject({ error: 'safety_word_not_single' });
    expect((await addRule(moderatorCookies, { ...entry, category: 'gossip' })).statusCode).toBe(400);
    expect((await addRule(moderatorCookies, { ...entry, site_id: 2_000_000 })).statusCode).toBe(404);
  });

  it('keeps a site’s choices for owners and admins', async () => {
    const admin = await createStaffMember(ctx, 'admin');
    const url = `/api/admin/sites/${site.id}/safety`;
    expect((await ctx.app.inject({ url, cookies: admin.cookies })).json()).toEqual({ hold_contact_texts: true, message_policy: 'confirm' });
    const saved = await ctx.app.inject({ method: 'PUT', url, cookies: admin.cookies, payload: { hold_contact_texts: false, message_policy: 'block' } });
    expect(saved.statusCode).toBe(200);
    expect((await ctx.app.inject({ url, cookies: admin.cookies })).json()).toEqual({ hold_contact_texts: false, message_policy: 'block' });
    expect(
      (await ctx.app.inject({ method: 'PUT', url, cookies: admin.cookies, payload: { hold_contact_texts: 'yes', message_policy: 'shout' } })).statusCode,
    ).toBe(400);
  });
});
