import { and, asc, eq, SQL, sql, StringChunk, type Placeholder } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { intArray } from '../array-params';
import type { Executor } from '../client';
import { photos, profiles, users, type PhotoRow, type ProfileRow } from '../schema/index';

export interface SearchFilter {
  viewerId: number | null;
  /** 1 shows everyone; 2–7 only profiles that fit the site's niche. */
  niche: number;
  gender?: 'male' | 'female';
  country?: string;
  region?: string;
  /** Born on or before this date (the minimum age). */
  bornOnOrBefore?: string;
  /** Born after this date (the maximum age). */
  bornAfter?: string;
  hideFictional?: boolean;
  /** Only the fictional profiles the team runs (the automatic like, ADR 0003). */
  fictionalOnly?: boolean;
  excludeIds?: number[];
  /** Nearest first from this place, then most recently active (ADR 0067); absent: most recently active. */
  near?: Place;
  /** Only profiles at most this far from `near`, as a chord of the earth in km (`chordKm`). */
  withinChordKm?: number;
  /** Only profiles who would want to see a member of this gender (the viewer's), by `wantsGender`. */
  wantedBy?: 'male' | 'female';
}

export interface SearcherProfile {
  gender: 'male' | 'female';
  seeking: 'male' | 'female' | 'both';
  sexuality: string | null;
  country: string;
  place: Place | null;
}

export interface Place {
  latitude: number;
  longitude: number;
}

const EARTH_RADIUS_KM = 6371;

/** The straight-line distance through the earth between two places `km` apart on its surface. */
export function chordKm(km: number): number {
  return 2 * EARTH_RADIUS_KM * Math.sin(Math.min(km, Math.PI * EARTH_RADIUS_KM) / (2 * EARTH_RADIUS_KM));
}

/**
 * Whether profile `p` wants to see members of `gender` (ADR 0067): a "hetero" or "gay"
 * sexuality says it; otherwise (bi, curious, not given) the gender they seek does.
 */
function wantsGender(gender: SQL): SQL {
  return sql`(case p.sexuality when 'hetero' then p.gender <> ${gender} when 'gay' then p.gender = ${gender}
    else p.seeking = ${gender} or p.seeking = 'both' end)`;
}

export interface CardRow {
  id: number;
  name: string;
  gender: 'male' | 'female';
  dateOfBirth: string;
  country: string;
  region: string | null;
  city: string | null;
  isFictional: boolean;
  mainFilename: string | null;
  mainThumb: string | null;
  latitude: number | null;
  longitude: number | null;
  /** Until when the member counts as online (member_presence); null when never connected. */
  onlineUntil: Date | string | null;
}

/** Conditions every list of other members shares: visible, not me, no block either way. */
export function visibleToViewer(viewerId: number | Placeholder | null): SQL {
  if (viewerId === null) return sql`p.visible`;
  return sql`p.visible and p.id <> ${viewerId}
    and not exists (select 1 from blocks b
      where (b.blocker_id = ${viewerId} and b.blocked_id = p.id) or (b.blocker_id = p.id and b.blocked_id = ${viewerId}))`;
}

/** The values a search statement binds, by placeholder name. */
interface SearchValues {
  viewerId: number | null;
  niche: number;
  gender?: string;
  country?: string;
  region?: string;
  bornOnOrBefore?: string;
  bornAfter?: string;
  excludeIds?: string;
  nearLatitude?: number;
  nearLongitude?: number;
  withinChordKm?: number;
  wantedBy?: string;
  limit?: number;
  offset?: number;
  cap?: number;
}

const value = (name: keyof SearchValues) => sql.placeholder(name);

/** A profile's place and the searcher's, as the GiST index `profiles_nearest_idx` knows them (migrations 0039, 0043). */
const PLACE = sql`member_point(p.latitude, p.longitude)`;
const ORIGIN = sql`member_point(${value('nearLatitude')}::float8, ${value('nearLongitude')}::float8)`;

/**
 * Up to this radius (as a chord, km) the box around it is read: PostgreSQL reads every member in
 * a box first, at 1M members up to some tens of thousands around a big city (48 ms at worst in
 * the search bench). Beyond it a box can hold most of a country, so nearest first walks instead.
 */
const SMALL_RADIUS_CHORD_KM = 100;
const isSmallRadius = (chord: number) => chord <= SMALL_RADIUS_CHORD_KM;

function whereOf(filter: SearchFilter): SQL {
  const parts: SQL[] = [visibleToViewer(filter.viewerId === null ? null : value('viewerId'))];
  if (filter.niche > 1) parts.push(sql`${value('niche')}::smallint = any(p.niches)`);
  if (filter.gender) parts.push(sql`p.gender = ${value('gender')}`);
  if (filter.country) parts.push(sql`p.country = ${value('country')}`);
  if (filter.region) parts.push(sql`p.region = ${value('region')}`);
  if (filter.bornOnOrBefore) parts.push(sql`p.date_of_birth <= ${value('bornOnOrBefore')}::date`);
  if (filter.bornAfter) parts.push(sql`p.date_of_birth > ${value('bornAfter')}::date`);
  if (filter.hideFictional) parts.push(sql`not exists (select 1 from users fu where fu.id = p.id and fu.is_fictional)`);
  if (filter.fictionalOnly) parts.push(sql`exists (select 1 from users fu where fu.id = p.id and fu.is_fictional)`);
  if (filter.excludeIds?.length) parts.push(sql`p.id <> all(${value('excludeIds')}::int[])`);
  if (filter.wantedBy) parts.push(wantsGender(sql`${value('wantedBy')}::text`));
  if (filter.near && filter.withinChordKm !== undefined) {
    // A small radius's box lets the index find its few members at once; a wide one would make
    // PostgreSQL read every member in it first (it cannot estimate a box), so nearest first
    // walks to it instead. The distance keeps the round ones.
    if (isSmallRadius(filter.withinChordKm)) parts.push(sql`${PLACE} <@ cube_enlarge(${ORIGIN}, ${value('withinChordKm')}::float8, 3)`);
    parts.push(sql`${PLACE} <-> ${ORIGIN} <= ${value('withinChordKm')}::float8`);
  }
  return sql.join(parts, sql` and `);
}

function valuesOf(filter: SearchFilter, extra: Pick<SearchValues, 'limit' | 'offset' | 'cap'>): SearchValues {
  const { viewerId, niche, gender, country, region, bornOnOrBefore, bornAfter, excludeIds, near, withinChordKm, wantedBy } = filter;
  return {
    viewerId,
    niche,
    gender,
    country,
    region,
    bornOnOrBefore,
    bornAfter,
    excludeIds: excludeIds && `{${excludeIds.join(',')}}`,
    nearLatitude: near?.latitude,
    nearLongitude: near?.longitude,
    withinChordKm,
    wantedBy,
    ...extra,
  };
}

/** Which conditions a filter sets: statements of one shape differ only in their values. */
function shapeOf(filter: SearchFilter): string {
  const bit = (set: unknown) => (set ? '1' : '0');
  return (
    bit(filter.viewerId !== null) +
    bit(filter.niche > 1) +
    bit(filter.gender) +
    bit(filter.country) +
    bit(filter.region) +
    bit(filter.bornOnOrBefore) +
    bit(filter.bornAfter) +
    bit(filter.hideFictional) +
    bit(filter.excludeIds?.length) +
    bit(filter.fictionalOnly) +
    bit(filter.near) +
    bit(filter.near && filter.withinChordKm !== undefined) +
    bit(filter.withinChordKm !== undefined && isSmallRadius(filter.withinChordKm)) +
    bit(filter.wantedBy)
  );
}

/**
 * A search statement rendered once per filter shape, then bound to each call's values.
 * Drizzle walks every chunk of a nested `sql` tree on each call; for the search and its count
 * that was the largest share of the search path's own CPU. The text sent is the same.
 */
function cachedStatement(build: (filter: SearchFilter) => SQL) {
  const dialect = new PgDialect();
  const shapes = new Map<string, { segments: StringChunk[]; names: Array<keyof SearchValues> }>();
  return (filter: SearchFilter, values: SearchValues): SQL => {
    const key = shapeOf(filter);
    let shape = shapes.get(key);
    if (!shape) {
      const { sql: text, params } = dialect.sqlToQuery(build(filter));
      // The pg dialect numbers parameters $1…$n in the order of `params`.
      const segments = text.split(/\$\d+/).map((segment) => new StringChunk(segment));
      shape = { segments, names: params.map((param) => (param as Placeholder).name as keyof SearchValues) };
      shapes.set(key, shape);
    }
    // Plain values between string chunks render as parameters $1…$n again (none is undefined:
    // a shape names only the values its filter sets).
    const chunks: unknown[] = [shape.segments[0]];
    for (let i = 0; i < shape.names.length; i++) chunks.push(values[shape.names[i]], shape.segments[i + 1]);
    return new SQL(chunks as SQL['queryChunks']);
  };
}

const CARD_COLUMNS = sql`p.id, p.name, p.gender, p.date_of_birth as "dateOfBirth", p.country, p.region, p.city,
  u.is_fictional as "isFictional", ph.filename as "mainFilename", ph.thumb_filename as "mainThumb",
  p.latitude, p.longitude, mp.online_until as "onlineUntil"`;
const CARD_JOINS = sql`join users u on u.id = p.id
  left join photos ph on ph.id = p.main_photo_id and ph.user_id = p.id and ph.status = 'active'
  left join member_presence mp on mp.user_id = p.id`;

/**
 * Nearest first, then the most recently active (members of one city share its point), then the
 * newest: the GiST index `profiles_nearest_idx` walks exactly this order by itself, as three
 * distances compared one after the other — from the searcher's place, from a day far in the
 * future, from the largest id — so a page reads only its own members. Profiles without a place
 * come last (a null distance sorts after every other).
 */
const NEAREST_ORDER = sql`${PLACE} <-> ${ORIGIN}, p.last_active_at <-> '3000-01-01'::timestamptz, p.id <-> 2147483647`;

const searchStatement = cachedStatement((filter) => {
  const distance = filter.near ? sql`${PLACE} <-> ${ORIGIN}` : sql`null::float8`;
  const inner = filter.near ? NEAREST_ORDER : sql`p.last_active_at desc, p.id desc`;
  const order = filter.near ? sql`place_distance, p.last_active_at desc, p.id desc` : sql`p.last_active_at desc, p.id desc`;
  return sql`
    select ${CARD_COLUMNS} from (
      select p.id, p.name, p.gender, p.date_of_birth, p.country, p.region, p.city, p.main_photo_id, p.last_active_at, p.latitude, p.longitude,
        ${distance} as place_distance
      from profiles p where ${whereOf(filter)}
      order by ${inner} limit ${value('limit')} offset ${value('offset')}) p
    ${CARD_JOINS}
    order by ${order}`;
});

const countStatement = cachedStatement(
  (filter) => sql`select count(*)::int as n from (select 1 from profiles p where ${whereOf(filter)} limit ${value('cap')}) matching`,
);

/**
 * The count within a wide radius, by the nearest-first walk: it stops after `cap` members, and
 * everyone inside the radius comes before anyone outside it, so counting those of the walk inside
 * the radius is exact up to the cap. The box a small radius uses would make PostgreSQL read every
 * member in a wide one first (400,000 index entries for 500 miles around Edinburgh).
 */
const radiusCountStatement = cachedStatement(
  (filter) => sql`select count(*)::int as n from (
      select ${PLACE} <-> ${ORIGIN} as distance from profiles p where ${whereOf({ ...filter, withinChordKm: undefined })} and p.latitude is not null
      order by ${PLACE} <-> ${ORIGIN} limit ${value('cap')}) nearest
    where distance <= ${value('withinChordKm')}::float8`,
);

/** Queries over other members' public profiles; every one excludes hidden and blocked members. */
export function createProfilesRepository(db: Executor) {
  const rowsOf = async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

  return {
    /** A page of matching profiles: nearest first when the filter has a place, else most recently active first. */
    async search(filter: SearchFilter, limit: number, offset: number): Promise<CardRow[]> {
      return rowsOf<CardRow>(searchStatement(filter, valuesOf(filter, { limit, offset })));
    },

    /** How many profiles match, counted up to `cap` (beyond it the exact number does not matter). */
    async count(filter: SearchFilter, cap: number): Promise<number> {
      const wideRadius = filter.near && filter.withinChordKm !== undefined && !isSmallRadius(filter.withinChordKm);
      const statement = wideRadius ? radiusCountStatement : countStatement;
      const [row] = await rowsOf<{ n: number }>(statement(filter, valuesOf(filter, { cap })));
      return row.n;
    },

    /** Cards for the given ids that the viewer may see, in the order of `ids`. */
    async findCards(ids: number[], viewerId: number | null): Promise<CardRow[]> {
      if (!ids.length) return [];
      const rows = await rowsOf<CardRow>(sql`select ${CARD_COLUMNS} from profiles p ${CARD_JOINS}
        where p.id = any(${intArray(ids)}) and ${visibleToViewer(viewerId)}`);
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    /**
     * Visible members of one country per region, for a visitor's map (no viewer, no blocks):
     * members without a region are left out, since a map cannot place them.
     */
    async countByRegion(filter: { niche: number; country: string }): Promise<Array<{ region: string; n: number }>> {
      const niche = filter.niche > 1 ? sql` and ${filter.niche}::smallint = any(p.niches)` : sql``;
      return rowsOf<{ region: string; n: number }>(sql`select p.region, count(*)::int as n from profiles p
        where ${visibleToViewer(null)}${niche} and p.country = ${filter.country} and p.region is not null
        group by p.region`);
    },

    /**
     * The home page's social proof (issue 19), in one round trip: visible members of a niche
     * online at `now` (presence not run out), who joined since `joinedSince`, and who live in
     * `country` (counted up to `cap`). Each is an index or primary-key walk over few rows,
     * except the presence table, which holds one row per member who ever had a socket open.
     */
    async countSocialProof(filter: {
      niche: number;
      country: string;
      now: Date;
      joinedSince: Date;
      cap: number;
    }): Promise<{ online: number; joined: number; nearby: number }> {
      const niche = filter.niche > 1 ? sql` and ${filter.niche}::smallint = any(p.niches)` : sql``;
      const [row] = await rowsOf<{ online: number; joined: number; nearby: number }>(sql`select
        (select count(*)::int from member_presence mp join profiles p on p.id = mp.user_id
          where mp.online_until > ${filter.now.toISOString()}::timestamptz and ${visibleToViewer(null)}${niche}) as online,
        (select count(*)::int from users u join profiles p on p.id = u.id
          where u.created_at >= ${filter.joinedSince.toISOString()}::timestamptz and ${visibleToViewer(null)}${niche}) as joined,
        (select count(*)::int from (select 1 from profiles p
          where ${visibleToViewer(null)}${niche} and p.country = ${filter.country} limit ${filter.cap}) matching) as nearby`);
      return row;
    },

    /** What discovery needs of the member looking (ADR 0067): who they are, whom they seek, where they live. */
    async findSearcher(id: number): Promise<SearcherProfile | null> {
      const [row] = await db
        .select({
          gender: profiles.gender,
          seeking: profiles.seeking,
          sexuality: profiles.sexuality,
          country: profiles.country,
          latitude: profiles.latitude,
          longitude: profiles.longitude,
        })
        .from(profiles)
        .where(eq(profiles.id, id))
        .limit(1);
      if (!row) return null;
      const place = row.latitude !== null && row.longitude !== null ? { latitude: row.latitude, longitude: row.longitude } : null;
      return { gender: row.gender, seeking: row.seeking, sexuality: row.sexuality, country: row.country, place };
    },

    async findProfile(id: number): Promise<(ProfileRow & { isFictional: boolean }) | null> {
      const [row] = await db
        .select({ profile: profiles, isFictional: users.isFictional })
        .from(profiles)
        .innerJoin(users, eq(users.id, profiles.id))
        .where(eq(profiles.id, id))
        .limit(1);
      return row ? { ...row.profile, isFictional: row.isFictional } : null;
    },

    async listPhotos(userId: number, options: { activeOnly: boolean }): Promise<PhotoRow[]> {
      const conditions = [eq(photos.userId, userId)];
      if (options.activeOnly) conditions.push(eq(photos.status, 'active'));
      return db
        .select()
        .from(photos)
        .where(and(...conditions))
        .orderBy(asc(photos.position), asc(photos.id));
    },
  };
}

export type ProfilesRepository = ReturnType<typeof createProfilesRepository>;
