import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTRY_CODES } from '../../contract/countries';
import { createTestDatabase } from '../../tests/setup/test-database';
import { createOfflineGeo } from '../adapters/geo/offline-geo';
import type { DatabaseHandle } from '../db/client';
import { createSitesRepository } from '../db/repositories/sites.repository';
import { photos, profiles, users } from '../db/schema/index';
import { birthDateForAge, seedDemoMembers } from './demo-members';
import { buildDemoSites } from './demo-sites';

const NOW = new Date('2026-11-22T12:00:00Z');
const geo = createOfflineGeo();

interface Seeded {
  database: DatabaseHandle;
  mediaDir: string;
  siteId: number;
}

async function seed(options: { count: number; seed: number; insertMode: 'values' | 'unnest' }): Promise<Seeded> {
  const database = await createTestDatabase();
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-demo-members-'));
  const site = await createSitesRepository(database.db).insert(buildDemoSites('localhost')[0]);
  await seedDemoMembers({ db: database.db, geo, mediaDir, siteId: site.id, now: NOW, ...options });
  return { database, mediaDir, siteId: site.id };
}

async function release(seeded: Seeded | undefined) {
  if (!seeded) return;
  await seeded.database.close();
  fs.rmSync(seeded.mediaDir, { recursive: true, force: true });
}

function ageOn(now: Date, dateOfBirth: string): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number);
  const hadBirthday = now.getUTCMonth() + 1 > m || (now.getUTCMonth() + 1 === m && now.getUTCDate() >= d);
  return now.getUTCFullYear() - y - (hadBirthday ? 0 : 1);
}

describe('seedDemoMembers', () => {
  let small: Seeded;
  let bulk: Seeded;

  beforeAll(async () => {
    small = await seed({ count: 50, seed: 7, insertMode: 'values' });
    // The first 20 of a run are the same people whatever the count: rendering fewer saves time.
    bulk = await seed({ count: 20, seed: 7, insertMode: 'unnest' });
  }, 120_000);

  afterAll(async () => {
    await release(small);
    await release(bulk);
  });

  it('creates active users with a profile each', async () => {
    const rows = await small.database.db.select().from(users).orderBy(asc(users.id));
    expect(rows).toHaveLength(50);
    expect(await small.database.db.$count(profiles)).toBe(50);
    // Search shows only visible profiles, which the database derives from the account.
    expect(await small.database.db.$count(profiles, eq(profiles.visible, true))).toBe(50);
    expect(rows.map((u) => u.email)).toEqual(Array.from({ length: 50 }, (_, i) => `demo${i + 1}@rendezvous.example`));
    expect(rows.every((u) => u.status === 'active' && u.siteId === small.siteId)).toBe(true);
    expect(rows[0].passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,/);
    expect(new Set(rows.map((u) => u.passwordHash)).size).toBe(1);
    const sixtyDaysAgo = NOW.getTime() - 60 * 86_400_000;
    for (const u of rows) {
      expect(u.createdAt.getTime()).toBeGreaterThanOrEqual(sixtyDaysAgo);
      expect(u.lastActiveAt.getTime()).toBeGreaterThanOrEqual(u.createdAt.getTime());
      expect(u.lastActiveAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
    }
  });

  it('gives every profile a main photo whose files are WebP images', async () => {
    const { db } = small.database;
    const rows = await db.select().from(profiles).innerJoin(photos, eq(photos.id, profiles.mainPhotoId));
    expect(rows).toHaveLength(50);
    for (const { profiles: profile, photos: photo } of rows) {
      expect(photo.userId).toBe(profile.id);
      expect(photo.position).toBe(0);
      expect(photo.status).toBe('active');
    }
    const all = await db.select().from(photos);
    const perMember = new Map<number, (typeof all)[number][]>();
    for (const photo of all) perMember.set(photo.userId, [...(perMember.get(photo.userId) ?? []), photo]);
    expect(perMember.size).toBe(50);
    for (const list of perMember.values()) {
      expect(list.length).toBeGreaterThanOrEqual(1);
      expect(list.length).toBeLessThanOrEqual(4);
      expect(list.map((p) => p.position).sort()).toEqual(list.map((_, i) => i));
    }
    for (const photo of rows.map((r) => r.photos).slice(0, 10)) {
      const large = await sharp(path.join(small.mediaDir, 'photos', photo.filename)).metadata();
      const thumb = await sharp(path.join(small.mediaDir, 'photos', photo.thumbFilename)).metadata();
      expect([large.format, large.width, large.height]).toEqual(['webp', 600, 600]);
      expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 160, 160]);
    }
    for (const photo of all) {
      expect(fs.existsSync(path.join(small.mediaDir, 'photos', photo.filename))).toBe(true);
      expect(fs.existsSync(path.join(small.mediaDir, 'photos', photo.thumbFilename))).toBe(true);
    }
  });

  it('draws ages, places and details from the closed lists', async () => {
    const rows = await small.database.db.select().from(profiles);
    for (const p of rows) {
      expect(ageOn(NOW, p.dateOfBirth)).toBeGreaterThanOrEqual(18);
      expect(ageOn(NOW, p.dateOfBirth)).toBeLessThanOrEqual(75);
      expect(p.status).toBe('active');
      expect(p.interests.length).toBeGreaterThanOrEqual(3);
      expect(p.interests.length).toBeLessThanOrEqual(8);
      expect(p.about.length).toBeGreaterThan(10);
      expect(p.region).toMatch(new RegExp(`^${p.country}-`));
      expect(geo.listCities(p.country as never, p.region!).some((c) => c.name === p.city && c.latitude === p.latitude)).toBe(true);
    }
    expect(new Set(rows.map((p) => p.country))).toEqual(new Set(COUNTRY_CODES));
    expect(new Set(rows.map((p) => p.gender))).toEqual(new Set(['female', 'male']));
  });

  it('tags every profile with the niches it fits', async () => {
    const rows = await small.database.db.select().from(profiles);
    for (const p of rows) {
      const age = ageOn(NOW, p.dateOfBirth);
      const expected = [
        p.gender === 'female' && p.seeking === 'female' && 2,
        p.bodyType === 'large' && 4,
        p.gender === 'female' && age >= 60 && 5,
        p.gender === 'female' && age >= 40 && 6,
        p.gender === 'male' && p.seeking === 'male' && 7,
      ].filter((n) => n !== false);
      expect(p.niches.filter((n) => n !== 3)).toEqual(expected);
    }
  });

  it('makes the same people from the same seed, whichever way it inserts them', async () => {
    const memberNo = (email: string) => Number(/^demo(\d+)@/.exec(email)![1]);
    const people = async (s: Seeded) =>
      (await s.database.db.select().from(profiles).innerJoin(users, eq(users.id, profiles.id)))
        .map(({ profiles: { id: _id, mainPhotoId: _photo, ...profile }, users: u }) => ({ email: u.email, language: u.language, ...profile }))
        .sort((a, b) => memberNo(a.email) - memberNo(b.email));
    const fromValues = (await people(small)).slice(0, 20);
    expect(await people(bulk)).toEqual(fromValues);
    const photoFiles = async (s: Seeded) =>
      (
        await s.database.db
          .select({ email: users.email, position: photos.position, file: photos.filename })
          .from(photos)
          .innerJoin(users, eq(users.id, photos.userId))
      )
        .filter((p) => memberNo(p.email) <= 20)
        .sort((a, b) => memberNo(a.email) - memberNo(b.email) || a.position - b.position);
    expect(await photoFiles(bulk)).toEqual(await photoFiles(small));
  });

  it('continues the numbering when run again', async () => {
    await seedDemoMembers({ db: bulk.database.db, geo, mediaDir: bulk.mediaDir, siteId: bulk.siteId, count: 5, seed: 7, now: NOW });
    const emails = (await bulk.database.db.select({ email: users.email }).from(users)).map((u) => u.email);
    expect(emails).toHaveLength(25);
    expect(emails).toContain('demo25@rendezvous.example');
    const [main] = await bulk.database.db
      .select({ filename: photos.filename })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.id))
      .innerJoin(photos, eq(photos.id, profiles.mainPhotoId))
      .where(eq(users.email, 'demo21@rendezvous.example'));
    expect(main.filename).toBe('demo-21-0.webp');
    expect(fs.existsSync(path.join(bulk.mediaDir, 'photos', main.filename))).toBe(true);
  });
});

describe('birthDateForAge', () => {
  it('keeps the age exact on every day of the year, 29 February included', () => {
    for (const now of [new Date('2028-02-29T00:30:00Z'), new Date('2026-01-01T23:59:00Z'), new Date('2026-12-31T12:00:00Z')]) {
      for (const fraction of [0, 0.5, 0.999999]) {
        expect(ageOn(now, birthDateForAge(now, 18, fraction))).toBe(18);
        expect(ageOn(now, birthDateForAge(now, 75, fraction))).toBe(75);
      }
    }
  });
});
