import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite } from '../../../tests/factories/sites';
import { createTestDatabase } from '../../../tests/setup/test-database';
import type { DatabaseHandle } from '../../db/client';
import { profiles, users, type SiteRow, type UserRow } from '../../db/schema/index';

/**
 * Who is shown to others: the SQL function `member_visibility` (migrations 0027, 0028, 0034) and the triggers
 * that derive `profiles.visible` from it, whatever code writes the account or the profile. Each
 * condition on its own, on a real database (PGlite here, PostgreSQL in the `postgres` project).
 */

let database: DatabaseHandle;
let site: SiteRow;
let counter = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  site = await createSite(database.db);
});
afterAll(() => database.close());

/** A member shown to others: confirmed, visible by choice, not banned, profile active. */
async function shownMember(): Promise<UserRow> {
  counter += 1;
  const { db } = database;
  const [user] = await db
    .insert(users)
    .values({ siteId: site.id, email: `shown${counter}.${Date.now()}@example.com`, passwordHash: 'not-used', status: 'active' })
    .returning();
  await db
    .insert(profiles)
    .values({ id: user.id, name: `Shown${counter}`, gender: 'female', seeking: 'male', dateOfBirth: '1990-06-15', country: 'NL', status: 'active' });
  return user;
}

const visibleOf = async (id: number) => (await database.db.select({ visible: profiles.visible }).from(profiles).where(eq(profiles.id, id)))[0].visible;
const setAccount = (id: number, values: Partial<Pick<UserRow, 'status' | 'isInvisible' | 'bannedAt' | 'deletedAt' | 'lastActiveAt'>>) =>
  database.db.update(users).set(values).where(eq(users.id, id));
const setProfileStatus = (id: number, status: 'active' | 'disabled') => database.db.update(profiles).set({ status }).where(eq(profiles.id, id));

describe('member_visibility', () => {
  it('shows an active, visible, unbanned member with an active profile, and no one else', async () => {
    const rows = await database.db.execute<{
      shown: boolean;
      unconfirmed: boolean;
      deleted: boolean;
      invisible: boolean;
      banned: boolean;
      hidden: boolean;
      disabled: boolean;
      under_age: boolean;
    }>(sql`
      select member_visibility('active', false, null, null, 'active', true) as shown,
             member_visibility('not_confirmed', false, null, null, 'active', true) as unconfirmed,
             member_visibility('deleted', false, null, null, 'active', true) as deleted,
             member_visibility('active', true, null, null, 'active', true) as invisible,
             member_visibility('active', false, now(), null, 'active', true) as banned,
             member_visibility('active', false, null, now(), 'active', true) as hidden,
             member_visibility('active', false, null, null, 'disabled', true) as disabled,
             member_visibility('active', false, null, null, 'active', false) as under_age`);
    const [row] = (rows as unknown as { rows: Array<Record<string, boolean>> }).rows;
    expect(row).toEqual({ shown: true, unconfirmed: false, deleted: false, invisible: false, banned: false, hidden: false, disabled: false, under_age: false });
  });
});

describe('profiles.visible', () => {
  it('is derived when the profile is written: a new profile of an unconfirmed account is hidden', async () => {
    counter += 1;
    const [user] = await database.db
      .insert(users)
      .values({ siteId: site.id, email: `new${counter}.${Date.now()}@example.com`, passwordHash: 'not-used' })
      .returning();
    await database.db
      .insert(profiles)
      .values({ id: user.id, name: 'Newcomer', gender: 'male', seeking: 'female', dateOfBirth: '1991-01-01', country: 'DE', status: 'active' });
    expect(user.status).toBe('not_confirmed');
    expect(await visibleOf(user.id)).toBe(false);
    expect(await visibleOf((await shownMember()).id)).toBe(true);
  });

  it('follows the address confirmation: hidden until the account is active', async () => {
    const member = await shownMember();
    await setAccount(member.id, { status: 'not_confirmed' });
    expect(await visibleOf(member.id)).toBe(false);
    await setAccount(member.id, { status: 'active' });
    expect(await visibleOf(member.id)).toBe(true);
  });

  it('follows a deletion and its restore', async () => {
    const member = await shownMember();
    await setAccount(member.id, { status: 'deleted', deletedAt: new Date() });
    expect(await visibleOf(member.id)).toBe(false);
    await setAccount(member.id, { status: 'active', deletedAt: null });
    expect(await visibleOf(member.id)).toBe(true);
  });

  it('follows the member’s choice to be invisible', async () => {
    const member = await shownMember();
    await setAccount(member.id, { isInvisible: true });
    expect(await visibleOf(member.id)).toBe(false);
    await setAccount(member.id, { isInvisible: false });
    expect(await visibleOf(member.id)).toBe(true);
  });

  it('follows a ban and its lifting, the status untouched', async () => {
    const member = await shownMember();
    await setAccount(member.id, { bannedAt: new Date() });
    expect(await visibleOf(member.id)).toBe(false);
    await setAccount(member.id, { bannedAt: null });
    expect(await visibleOf(member.id)).toBe(true);
  });

  it('follows the profile’s own status', async () => {
    const member = await shownMember();
    await setProfileStatus(member.id, 'disabled');
    expect(await visibleOf(member.id)).toBe(false);
    await setProfileStatus(member.id, 'active');
    expect(await visibleOf(member.id)).toBe(true);
  });

  it('needs every condition: lifting one of two leaves the member hidden', async () => {
    const member = await shownMember();
    await setAccount(member.id, { isInvisible: true, bannedAt: new Date() });
    await setAccount(member.id, { bannedAt: null });
    expect(await visibleOf(member.id)).toBe(false);
    await setProfileStatus(member.id, 'disabled');
    await setAccount(member.id, { isInvisible: false });
    expect(await visibleOf(member.id)).toBe(false);
    await setProfileStatus(member.id, 'active');
    expect(await visibleOf(member.id)).toBe(true);
  });

  it('carries the account’s last activity to the profile, for the search’s order', async () => {
    const member = await shownMember();
    const at = new Date('2026-01-02T03:04:05Z');
    await setAccount(member.id, { lastActiveAt: at });
    const [row] = await database.db.select({ lastActiveAt: profiles.lastActiveAt }).from(profiles).where(eq(profiles.id, member.id));
    expect(row.lastActiveAt.toISOString()).toBe(at.toISOString());
  });
});

describe('profile_is_adult', () => {
  it('counts 18 years back from today in UTC, a 29 February birthday from 1 March', async () => {
    const rows = await database.db.execute<{ today: boolean; tomorrow: boolean }>(sql`
      select profile_is_adult(((now() at time zone 'UTC')::date - interval '18 years')::date) as today,
             profile_is_adult(((now() at time zone 'UTC')::date - interval '18 years' + interval '1 day')::date) as tomorrow`);
    expect((rows as unknown as { rows: Array<Record<string, boolean>> }).rows[0]).toEqual({ today: true, tomorrow: false });
  });

  it('hides a profile whose date of birth makes it under 18, and shows it again once the date is corrected', async () => {
    const member = await shownMember();
    await database.db.update(profiles).set({ dateOfBirth: '2015-01-01' }).where(eq(profiles.id, member.id));
    expect(await visibleOf(member.id)).toBe(false);
    await setAccount(member.id, { lastActiveAt: new Date() });
    expect(await visibleOf(member.id)).toBe(false);
    await database.db.update(profiles).set({ dateOfBirth: '1990-06-15' }).where(eq(profiles.id, member.id));
    expect(await visibleOf(member.id)).toBe(true);
  });
});
