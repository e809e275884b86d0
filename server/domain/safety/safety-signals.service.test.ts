import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createStaffMember } from '../../../tests/factories/staff';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { profiles, safetyRules, type SiteRow } from '../../db/schema/index';
import type { StaffActor } from '../audit/audit.service';
import { failure } from '../../../tests/setup/failure';

let ctx: TestContext;
let site: SiteRow;
let otherSite: SiteRow;
let moderator: StaffActor;
beforeAll(async () => {
  ctx = await createTestContext();
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
  otherSite = await createSite(ctx.db, { domain: `other-${Date.now()}.example` });
  const mod = await createStaffMember(ctx, 'moderator');
  moderator = { id: mod.member.id, email: mod.member.email, role: 'moderator', ip: null };
  await ctx.services.safetySignals.seedBuiltins();
});
afterAll(() => ctx.close());

const auditCount = async (action: string) =>
  ((await ctx.db.execute(sql`select count(*)::int as n from audit_log where action = ${action}`)) as unknown as { rows: { n: number }[] }).rows[0].n;

describe('safety rule lists', () => {
  it('copies the built-in lists in once, and a removed built-in entry stays removed', async () => {
    const { safetySignals, safetyRules: console } = ctx.services;
    expect(await safetySignals.seedBuiltins()).toBe(0);
    const [viber] = await ctx.db.select().from(safetyRules).where(eq(safetyRules.value, 'viber'));
    expect(viber.builtin).toBe(true);
    await console.remove(moderator, viber.id);
    expect(await safetySignals.seedBuiltins()).toBe(0);
    expect(await safetySignals.detect(site, 'en', 'my viber')).toEqual([]);
    await console.add(moderator, { site_id: null, language: null, category: 'messenger', kind: 'word', value: 'Viber' });
    expect(await safetySignals.detect(site, 'en', 'my viber')).toEqual(['messenger']);
    expect(await auditCount('safety_rule.remove')).toBe(1);
  });

  it('adds an operator entry normalised, audited and in use at once, on its site only', async () => {
    const { safetySignals, safetyRules: console } = ctx.services;
    expect(await safetySignals.detect(site, 'it', 'pagami con Satispay')).toEqual([]);
    const entry = await console.add(moderator, { site_id: site.id, language: 'it', category: 'money', kind: 'word', value: ' SATISPAY ' });
    expect(entry).toMatchObject({ value: 'satispay', site_id: site.id, language: 'it', builtin: false });
    expect(await safetySignals.detect(site, 'it', 'pagami con Satispay')).toEqual(['money']);
    expect(await safetySignals.detect(otherSite, 'it', 'pagami con Satispay')).toEqual([]);
    expect(await safetySignals.detect(site, 'de', 'zahl mit Satispay')).toEqual([]);
    expect((await console.list(site.id, null)).some((row) => row.id === entry.id)).toBe(true);
    expect((await console.list(null, null)).some((row) => row.id === entry.id)).toBe(false);
    expect(await auditCount('safety_rule.add')).toBeGreaterThanOrEqual(2);
  });

  it("screens a message without a promise once the site's lists are in memory, with the same answer", async () => {
    const { safetySignals, safetyRules: console } = ctx.services;
    const fresh = await createSite(ctx.db, { domain: `screen-now-${Date.now()}.example` });
    const text = 'write me on whatsapp: anna@gmx.de';
    // Not loaded yet: the caller takes the promise.
    expect(safetySignals.screenMessageNow(fresh, 'en', text)).toBeUndefined();
    const screened = await safetySignals.screenMessage(fresh, 'en', text);
    expect(screened.asked).toContain('email');
    expect(safetySignals.screenMessageNow(fresh, 'en', text)).toEqual(screened);
    expect(safetySignals.screenMessageNow(fresh, 'de', 'ruf an: 015212345678')?.asked).toEqual(['phone']);
    // An operator's change drops the lists: the next send loads them again, with the change.
    await console.add(moderator, { site_id: fresh.id, language: null, category: 'money', kind: 'word', value: 'satispay' });
    expect(safetySignals.screenMessageNow(fresh, 'en', 'satispay')).toBeUndefined();
    expect((await safetySignals.screenMessage(fresh, 'en', 'satispay')).asked).toEqual(['money']);
    expect(safetySignals.screenMessageNow(fresh, 'en', 'satispay')?.asked).toEqual(['money']);
  });

  it('refuses a duplicate, a regular expression and an unknown site', async () => {
    const { safetyRules: console } = ctx.services;
    const input = { site_id: null, language: 'en' as const, category: 'insult' as const, kind: 'phrase' as const, value: 'you clown' };
    await console.add(moderator, input);
    expect((await failure(console.add(moderator, input))).code).toBe('safety_rule_taken');
    expect((await failure(console.add(moderator, { ...input, kind: 'pattern', value: '(x+x+)+y' }))).code).toBe('safety_pattern_invalid');
    expect((await failure(console.add(moderator, { ...input, site_id: 999_999 }))).code).toBe('not_found');
  });
});

describe('profile texts with contact details', () => {
  it('wait for review while others see the previous text; a moderator keeps them live', async () => {
    const member = await createVisibleMember(ctx, site);
    await ctx.services.ownProfile.update(site, member.id, { about: 'I love long walks.' }, 'en');
    const saved = await ctx.services.ownProfile.update(site, member.id, { about: 'Text me on WhatsApp: 0152 1234 5678' }, 'en');
    expect(saved).toMatchObject({ about: 'Text me on WhatsApp: 0152 1234 5678', about_in_review: true });
    const [live] = await ctx.db.select({ about: profiles.about }).from(profiles).where(eq(profiles.id, member.id));
    expect(live.about).toBe('I love long walks.');

    const queue = await ctx.services.moderation.flaggedTexts({ offset: 0, limit: 100 }, null);
    const flag = queue.find((row) => row.memberId === member.id)!;
    expect(flag).toMatchObject({ about: 'Text me on WhatsApp: 0152 1234 5678', held: true, reportId: null });
    expect(flag.signals).toEqual(expect.arrayContaining(['phone', 'messenger']));

    await ctx.services.moderation.keepText(moderator, flag.id);
    const [published] = await ctx.db.select({ about: profiles.about }).from(profiles).where(eq(profiles.id, member.id));
    expect(published.about).toBe('Text me on WhatsApp: 0152 1234 5678');
    expect((await ctx.services.ownProfile.get(member.id)).about_in_review).toBe(false);
  });

  it('a removed held text never goes live; a clean text saved meanwhile goes live and ends the wait', async () => {
    const member = await createVisibleMember(ctx, site);
    await ctx.services.ownProfile.update(site, member.id, { about: 'Schreib mir: anna at gmx punkt de' }, 'de');
    let flag = (await ctx.services.moderation.flaggedTexts({ offset: 0, limit: 100 }, null)).find((row) => row.memberId === member.id)!;
    await ctx.services.moderation.removeText(moderator, flag.id, 'contact_details');
    expect((await ctx.services.ownProfile.get(member.id)).about).toBe('');

    await ctx.services.ownProfile.update(site, member.id, { about: 'Mein Insta: lena.sun' }, 'de');
    expect((await ctx.services.ownProfile.get(member.id)).about_in_review).toBe(true);
    const clean = await ctx.services.ownProfile.update(site, member.id, { about: 'Ich tanze gern Salsa.' }, 'de');
    expect(clean).toMatchObject({ about: 'Ich tanze gern Salsa.', about_in_review: false });
    flag = (await ctx.services.moderation.flaggedTexts({ offset: 0, limit: 100 }, null)).find((row) => row.memberId === member.id)!;
    expect(flag).toBeUndefined();
  });

  it('go live at once on a site that turned the review off', async () => {
    const member = await createVisibleMember(ctx, otherSite);
    await ctx.services.safetyRules.saveSettings(moderator, otherSite.id, { hold_contact_texts: false, message_policy: 'confirm' });
    const saved = await ctx.services.ownProfile.update(otherSite, member.id, { about: 'Bel me: 06 12 34 56 78' }, 'nl');
    expect(saved).toMatchObject({ about: 'Bel me: 06 12 34 56 78', about_in_review: false });
    expect(await auditCount('safety_settings.update')).toBe(1);
  });
});
