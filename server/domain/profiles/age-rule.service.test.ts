import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember, signUpMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createStaffMember } from '../../../tests/factories/staff';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { profiles, users, type SiteRow } from '../../db/schema/index';
import { presentFictionalProfile } from '../fictional/fictional-presenter';
import type { StaffActor } from '../audit/audit.service';
import { ageOn, findDateOfBirthProblem } from './age-rule';
import { birthDateYearsAgo } from './profile-cards';
import { failure } from '../../../tests/setup/failure';

let ctx: TestContext;
let site: SiteRow;
let operator: StaffActor;

/** The test clock's day: 15 January 2026, noon UTC. */
const TODAY = new Date('2026-01-15T12:00:00Z');

beforeAll(async () => {
  ctx = await createTestContext();
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
  const { member } = await createStaffMember(ctx, 'admin');
  operator = { id: member.id, email: member.email, role: 'admin', ip: '198.51.100.7' };
});
afterAll(() => ctx.close());

describe('the age rule', () => {
  it('accepts someone whose 18th birthday is today and refuses them the day before', () => {
    expect(findDateOfBirthProblem('2008-01-15', TODAY)).toBeNull();
    expect(findDateOfBirthProblem('2008-01-16', TODAY)).toBe('under_age');
    expect(findDateOfBirthProblem('2015-01-01', TODAY)).toBe('under_age');
  });

  it('makes someone born on 29 February 18 on 1 March of a common year, and on the day in a leap year', () => {
    expect(ageOn('2008-02-29', new Date('2026-02-28T23:59:59Z'))).toBe(17);
    expect(findDateOfBirthProblem('2008-02-29', new Date('2026-02-28T12:00:00Z'))).toBe('under_age');
    expect(findDateOfBirthProblem('2008-02-29', new Date('2026-03-01T00:00:00Z'))).toBeNull();
    expect(findDateOfBirthProblem('2010-02-28', new Date('2028-02-28T00:00:00Z'))).toBeNull();
    expect(findDateOfBirthProblem('2012-02-29', new Date('2030-02-28T12:00:00Z'))).toBe('under_age');
    expect(findDateOfBirthProblem('2012-02-29', new Date('2030-03-01T12:00:00Z'))).toBeNull();
  });

  it('counts whole years the same way on either side of a birthday, and search bounds agree with it', () => {
    const now = new Date('2026-11-30T10:00:00Z');
    expect([ageOn('1990-11-30', now), ageOn('1990-12-01', now), ageOn('1990-01-31', now), ageOn('2008-11-29', now)]).toEqual([36, 35, 36, 18]);
    // The oldest birth date of an 18-year-old and the youngest of a 99-year-old, as search asks for them.
    expect([birthDateYearsAgo(18, now), birthDateYearsAgo(99, now)]).toEqual(['2008-11-30', '1927-11-30']);
    expect(ageOn(birthDateYearsAgo(30, now), now)).toBe(30);
    // 29 February a year back is 1 March, as Date.UTC rolls it.
    expect(birthDateYearsAgo(1, new Date('2028-02-29T00:00:00Z'))).toBe('2027-03-01');
  });

  it('tells a date that is no date from an under-age one', () => {
    expect(findDateOfBirthProblem('2007-02-29', TODAY)).toBe('not_a_date');
    expect(findDateOfBirthProblem('15.01.2008', TODAY)).toBe('not_a_date');
    expect(findDateOfBirthProblem('2027-01-01', TODAY)).toBe('not_a_date');
    expect(findDateOfBirthProblem(undefined, TODAY)).toBe('missing');
  });
});

describe('members under 18', () => {
  it('cannot sign up; someone whose 18th birthday is today can', async () => {
    const refused = await failure(signUpMember(ctx, site, { date_of_birth: '2008-01-16' }));
    expect(refused.code).toBe('date_of_birth_required');
    expect(refused.fields).toEqual([{ field: 'date_of_birth', code: 'date_of_birth_required', params: { min_age: 18 } }]);
    const { user } = await signUpMember(ctx, site, { date_of_birth: '2008-01-15' });
    expect(user.id).toBeGreaterThan(0);
  });

  it('cannot make themselves younger than 18 in their profile, and the date stays as it was', async () => {
    const { user } = await signUpMember(ctx, site, { date_of_birth: '1999-06-01' });
    const refused = await failure(ctx.services.ownProfile.update(site, user.id, { date_of_birth: '2012-02-29' }));
    expect(refused.code).toBe('date_of_birth_required');
    expect((await ctx.services.ownProfile.get(user.id)).date_of_birth).toBe('1999-06-01');
    expect((await ctx.services.ownProfile.update(site, user.id, { date_of_birth: '2008-01-15' })).date_of_birth).toBe('2008-01-15');
  });
});

describe('fictional profiles under 18', () => {
  const fields = { name: 'Lena', gender: 'female' as const, seeking: 'male' as const, country: 'NL', city: null, about: '', status: 'active' as const };

  it('cannot be created; one whose 18th birthday is today can', async () => {
    const refused = await failure(ctx.services.fictionalProfiles.create(operator, site.id, { ...fields, dateOfBirth: '2015-01-01' }));
    expect(refused.code).toBe('date_of_birth_under_age');
    expect(refused.fields).toEqual([{ field: 'date_of_birth', code: 'date_of_birth_under_age', params: { min_age: 18 } }]);
    const made = await ctx.services.fictionalProfiles.create(operator, site.id, { ...fields, dateOfBirth: '2008-01-15' });
    expect(made.dateOfBirth).toBe('2008-01-15');
  });

  it('cannot be made younger than 18 by an edit, leap-day births included', async () => {
    const made = await ctx.services.fictionalProfiles.create(operator, site.id, { ...fields, dateOfBirth: '1996-02-29' });
    const refused = await failure(ctx.services.fictionalProfiles.update(operator, made.id, { version: made.version, dateOfBirth: '2008-02-29' }));
    expect(refused.code).toBe('date_of_birth_under_age');
    expect((await ctx.services.fictionalProfiles.find(made.id, null)).dateOfBirth).toBe('1996-02-29');
  });

  it('makes a profile saved under 18 before the rule take an adult date at its next edit', async () => {
    const made = await ctx.services.fictionalProfiles.create(operator, site.id, { ...fields, dateOfBirth: '1990-01-01' });
    await ctx.db.update(profiles).set({ dateOfBirth: '2015-01-01' }).where(eq(profiles.id, made.id));
    expect((await failure(ctx.services.fictionalProfiles.update(operator, made.id, { version: made.version, about: 'New text' }))).code).toBe(
      'date_of_birth_under_age',
    );
    const fixed = await ctx.services.fictionalProfiles.update(operator, made.id, { version: made.version, dateOfBirth: '1995-01-01' });
    expect(fixed.dateOfBirth).toBe('1995-01-01');
  });
});

describe('profiles stored under 18 before the rule', () => {
  /**
   * Puts a profile back in the state the age rule found it in: an under-18 date of birth on a
   * profile members were shown, written with the triggers off (as before migration 0034), then
   * runs that migration's last statement, the one that hides such profiles.
   */
  async function storeAsBeforeTheRule(id: number, dateOfBirth: string) {
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(profiles).set({ dateOfBirth, visible: true }).where(eq(profiles.id, id));
    });
    const migration = readFileSync(new URL('../../db/migrations/0034_under_age_hidden.sql', import.meta.url), 'utf8');
    await ctx.db.execute(sql.raw(migration.split('--> statement-breakpoint').at(-1)!));
  }

  const visibleOf = async (id: number) => (await ctx.db.select({ visible: profiles.visible }).from(profiles).where(eq(profiles.id, id)))[0].visible;
  const searchIds = async (viewerId: number) =>
    (await ctx.services.search.search(site, { page: 1, country: 'GB' } as never, { memberId: viewerId, hasTrafficSource: false })).results.map(
      (card) => card.id,
    );

  it('hides a real member from search and their page, whatever their account allows, until they give an adult date', async () => {
    const viewer = await createVisibleMember(ctx, site, { gender: 'male', country: 'GB' });
    const member = await createVisibleMember(ctx, site, { country: 'GB' });
    expect(await searchIds(viewer.id)).toContain(member.id);

    await storeAsBeforeTheRule(member.id, '2013-05-05');
    expect(await visibleOf(member.id)).toBe(false);
    expect(await searchIds(viewer.id)).not.toContain(member.id);
    expect((await failure(ctx.services.members.view(site, member.id, viewer.id))).code).toBe('not_found');
    // The account's own changes (a sign-in, a lifted hide) do not bring the profile back.
    await ctx.db.update(users).set({ lastActiveAt: new Date(), hiddenAt: null }).where(eq(users.id, member.id));
    expect(await visibleOf(member.id)).toBe(false);
    // The member still sees their own profile, and may correct the date.
    expect((await ctx.services.members.view(site, member.id, member.id)).id).toBe(member.id);
    await ctx.services.ownProfile.update(site, member.id, { date_of_birth: '1995-05-05' });
    expect(await visibleOf(member.id)).toBe(true);
    expect(await searchIds(viewer.id)).toContain(member.id);
  });

  it('hides a fictional profile ("Lena, 11"), tells the console why, and shows it again once the operator corrects the date', async () => {
    const viewer = await createVisibleMember(ctx, site, { gender: 'male', country: 'GB' });
    const made = await ctx.services.fictionalProfiles.create(operator, site.id, {
      name: 'Lena',
      gender: 'female',
      seeking: 'male',
      country: 'GB',
      city: null,
      about: '',
      status: 'active',
      dateOfBirth: '1996-03-03',
    });
    expect(presentFictionalProfile(made).under_age).toBe(false);
    expect(await searchIds(viewer.id)).toContain(made.id);

    await storeAsBeforeTheRule(made.id, '2015-01-01');
    expect(await searchIds(viewer.id)).not.toContain(made.id);
    expect((await failure(ctx.services.members.view(site, made.id, viewer.id))).code).toBe('not_found');
    const listed = (await ctx.services.fictionalProfiles.list(site.id, 'id', 'asc', 0, 100, null)).find((row) => row.id === made.id)!;
    expect(presentFictionalProfile(listed)).toMatchObject({ status: 'active', under_age: true });

    const fixed = await ctx.services.fictionalProfiles.update(operator, made.id, { version: made.version, dateOfBirth: '1999-01-01' });
    expect(presentFictionalProfile(fixed).under_age).toBe(false);
    expect(await visibleOf(made.id)).toBe(true);
    expect(await searchIds(viewer.id)).toContain(made.id);
  });

  it('never shows a profile written under 18 by any path, the rule checked by the database itself', async () => {
    const member = await createVisibleMember(ctx, site, { dateOfBirth: '2012-12-12' });
    expect(await visibleOf(member.id)).toBe(false);
    await ctx.db.update(profiles).set({ dateOfBirth: '1990-12-12' }).where(eq(profiles.id, member.id));
    expect(await visibleOf(member.id)).toBe(true);
    await ctx.db.update(profiles).set({ dateOfBirth: '2012-12-12' }).where(eq(profiles.id, member.id));
    expect(await visibleOf(member.id)).toBe(false);
  });
});
