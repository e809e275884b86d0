/** Writing demo members: users, their photos and profiles, in small `values` or bulk `unnest` batches. */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { photos, profiles, users } from '../db/schema/index';
import type { DemoMember } from './demo-people';

export interface InsertTarget {
  siteId: number;
  passwordHash: string;
}

/** Small runs: drizzle multi-row inserts in one transaction; ids come back from the database. */
export function insertWithValues(db: Database, batch: DemoMember[], target: InsertTarget): Promise<void> {
  return db.transaction((tx) => insertMembers(tx, batch, target));
}

async function insertMembers(tx: Database, batch: DemoMember[], target: InsertTarget): Promise<void> {
  const insertedUsers = await tx
    .insert(users)
    .values(batch.map((m) => ({ ...userFields(m, target), status: 'active' as const })))
    .returning({ id: users.id, email: users.email });
  const userIds = new Map(insertedUsers.map((row) => [row.email, row.id]));
  const photoRows = batch.flatMap((m) =>
    m.photos.map((photo, position) => ({ userId: userIds.get(m.email)!, ...photo, status: 'active' as const, position, createdAt: m.createdAt })),
  );
  const insertedPhotos = await tx.insert(photos).values(photoRows).returning({ id: photos.id, userId: photos.userId, position: photos.position });
  const mainPhotos = new Map(insertedPhotos.filter((p) => p.position === 0).map((p) => [p.userId, p.id]));
  await tx.insert(profiles).values(
    batch.map((m) => {
      const id = userIds.get(m.email)!;
      const { age: _age, ...fields } = m.profile;
      return { id, ...fields, status: 'active' as const, mainPhotoId: mainPhotos.get(id) ?? null };
    }),
  );
}

function userFields(m: DemoMember, target: InsertTarget) {
  return {
    siteId: target.siteId,
    email: m.email,
    passwordHash: target.passwordHash,
    language: m.language,
    isFictional: m.isFictional,
    createdAt: m.createdAt,
    lastActiveAt: m.lastActiveAt,
  };
}

/**
 * Bulk runs: ids are taken from the identity sequences first, and every column is serialised
 * into one array literal before the transaction opens, so users, photos and profiles (with its
 * main photo) go in as three back-to-back `INSERT … SELECT FROM unnest(…)` statements.
 */
export async function insertWithUnnest(db: Database, batch: DemoMember[], target: InsertTarget): Promise<void> {
  const photoRows = batch.flatMap((m, i) => m.photos.map((photo, position) => ({ member: i, photo, position, createdAt: m.createdAt })));
  const [userIds, photoIds] = await Promise.all([takeIds(db, 'users', batch.length), takeIds(db, 'photos', photoRows.length)]);
  const mainPhotoIds = photoIds.filter((_, i) => photoRows[i].position === 0);
  const p = batch.map((m) => m.profile);

  const insertUsers = sql`
    insert into users (id, site_id, email, password_hash, status, language, is_fictional, created_at, last_active_at)
    overriding system value
    select id, ${target.siteId}::int, email, ${target.passwordHash}::text, 'active', language, is_fictional, created_at, last_active_at
    from ${unnest([
      ['id', 'int', userIds],
      ['email', 'text', batch.map((m) => m.email)],
      ['language', 'text', batch.map((m) => m.language)],
      ['is_fictional', 'bool', batch.map((m) => m.isFictional)],
      ['created_at', 'timestamptz', batch.map((m) => m.createdAt.toISOString())],
      ['last_active_at', 'timestamptz', batch.map((m) => m.lastActiveAt.toISOString())],
    ])}`;
  const insertPhotos = sql`
    insert into photos (id, user_id, filename, thumb_filename, status, position, created_at)
    overriding system value
    select id, user_id, filename, thumb_filename, 'active', position, created_at
    from ${unnest([
      ['id', 'int', photoIds],
      ['user_id', 'int', photoRows.map((r) => userIds[r.member])],
      ['filename', 'text', photoRows.map((r) => r.photo.filename)],
      ['thumb_filename', 'text', photoRows.map((r) => r.photo.thumbFilename)],
      ['position', 'int', photoRows.map((r) => r.position)],
      ['created_at', 'timestamptz', photoRows.map((r) => r.createdAt.toISOString())],
    ])}`;
  const insertProfiles = sql`
    insert into profiles (id, name, gender, seeking, date_of_birth, country, region, city, latitude, longitude, sexuality,
      relationship_status, hair_colour, eye_colour, body_type, tattoos, interests, about, niches, status, main_photo_id)
    select id, name, gender, seeking, date_of_birth, country, region, city, latitude, longitude, sexuality,
      relationship_status, hair_colour, eye_colour, body_type, tattoos, interests, about, niches::smallint[], 'active', main_photo_id
    from ${unnest([
      ['id', 'int', userIds],
      ['name', 'text', p.map((x) => x.name)],
      ['gender', 'text', p.map((x) => x.gender)],
      ['seeking', 'text', p.map((x) => x.seeking)],
      ['date_of_birth', 'date', p.map((x) => x.dateOfBirth)],
      ['country', 'text', p.map((x) => x.country)],
      ['region', 'text', p.map((x) => x.region)],
      ['city', 'text', p.map((x) => x.city)],
      ['latitude', 'float8', p.map((x) => x.latitude)],
      ['longitude', 'float8', p.map((x) => x.longitude)],
      ['sexuality', 'text', p.map((x) => x.sexuality)],
      ['relationship_status', 'text', p.map((x) => x.relationshipStatus)],
      ['hair_colour', 'text', p.map((x) => x.hairColour)],
      ['eye_colour', 'text', p.map((x) => x.eyeColour)],
      ['body_type', 'text', p.map((x) => x.bodyType)],
      ['tattoos', 'text', p.map((x) => x.tattoos)],
      ['interests', 'jsonb', p.map((x) => JSON.stringify(x.interests))],
      ['about', 'text', p.map((x) => x.about)],
      // Arrays of arrays do not unnest row by row, so each row's niches travel as an array literal.
      ['niches', 'text', p.map((x) => `{${x.niches.join(',')}}`)],
      ['main_photo_id', 'int', mainPhotoIds],
    ])}`;

  await db.transaction(async (tx) => {
    // Losing the last batches of a seed in a crash is harmless; waiting for each fsync is not.
    await tx.execute(sql`set local synchronous_commit = off`);
    await tx.execute(insertUsers);
    await tx.execute(insertPhotos);
    await tx.execute(insertProfiles);
  });
}

/** Ids from a table's identity sequence, ascending (sequences hand them out outside transactions anyway). */
async function takeIds(db: Database, table: 'users' | 'photos', n: number): Promise<number[]> {
  if (n === 0) return [];
  const [row] = await db
    .select({ ids: sql<string>`array_agg(nextval(pg_get_serial_sequence(${table}, 'id')))::text` })
    .from(sql`generate_series(1, ${n}::int)`);
  return row.ids
    .slice(1, -1)
    .split(',')
    .map(Number)
    .sort((a, b) => a - b);
}

type ArrayElement = string | number | boolean | null;

/**
 * `unnest($1::text::int[], …) as t(id, …)`: each column travels as one array literal in a text
 * parameter. Serialising here is several times cheaper than letting the driver walk the arrays,
 * and a text parameter means the same thing to PGlite and node-postgres.
 */
function unnest(columns: Array<[name: string, type: string, values: ArrayElement[]]>): SQL {
  const arrays = columns.map(([, type, values]) => sql`${sql.param(toArrayLiteral(values))}::text::${sql.raw(type)}[]`);
  return sql`unnest(${sql.join(arrays, sql`, `)}) as t(${sql.raw(columns.map(([name]) => name).join(', '))})`;
}

const NEEDS_ESCAPE = /[\\"]/;

function toArrayLiteral(values: ArrayElement[]): string {
  let literal = '{';
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (i > 0) literal += ',';
    if (value === null) literal += 'NULL';
    else if (typeof value === 'string') literal += `"${NEEDS_ESCAPE.test(value) ? value.replace(/[\\"]/g, '\\$&') : value}"`;
    else if (typeof value === 'boolean') literal += value ? 't' : 'f';
    else literal += String(value);
  }
  return `${literal}}`;
}
