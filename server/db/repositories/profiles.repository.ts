import { and, asc, eq, SQL, sql, StringChunk, type Placeholder } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { intArray } from '../array-params';
import { capBox } from './place-box';
import type { Executor } from '../client';
import { preparedOnce } from '../prepared';
import { memberPresence, photos, profiles, users, type PhotoRow, type ProfileRow } from '../schema/index';

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

/** The searcher's side of a profile row, read here or from the member's account (issue 36). */
export function searcherProfileOf(row: Pick<ProfileRow, 'gender' | 'seeking' | 'sexuality' | 'country' | 'latitude' | 'longitude'>): SearcherProfile {
  const place = row.latitude !== null && row.longitude !== null ? { latitude: row.latitude, longitude: row.longitude } : null;
  return { gender: row.gender, seeking: row.seeking, sexuality: row.sexuality, country: row.country, place };
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
  gender?: string | null;
  country?: string;
  region?: string;
  bornOnOrBefore?: string | null;
  bornAfter?: string | null;
  excludeIds?: string;
  nearLatitude?: number;
  nearLongitude?: number;
  withinChordKm?: number;
  /** The radius's box corners as float8[] literals (`capBox`). */
  boxLow?: string;
  boxHigh?: string;
  wantedBy?: string | null;
  limit?: number;
  offset?: number;
  cap?: number;
}

const value = (name: keyof SearchValues) => sql.placeholder(name);

/**
 * Whether profile `p` wants to see members of the viewer's gender (ADR 0067): a "hetero" or "gay"
 * sexuality says it; otherwise (bi, curious, not given) the gender they seek does. Written out on
 * the columns, not as `member_wants` (migration 0045): PostgreSQL estimates this form as matching
 * many, so a count walks a btree index and stops at its cap; `member_wants(…) in (…)` it took for
 * rare and read a whole country's bitmap first (35 ms for the count of one gender in Germany).
 */
const wantsViewer = sql`(case p.sexuality when 'hetero' then p.gender <> ${value('wantedBy')}::text when 'gay' then p.gender = ${value('wantedBy')}::text
    else p.seeking = ${value('wantedBy')}::text or p.seeking = 'both' end)`;

/**
 * The gender, the ages and the orientation rule as one condition the GiST index
 * `profiles_nearest_idx` tests itself (migration 0045): who the member is (`member_who`) lies in
 * the box of what the search asks for (`member_who_wanted`; an unset value leaves that side open).
 */
const WHO_WANTED = sql`member_who(p.gender, p.seeking, p.sexuality, p.date_of_birth)
  <@ member_who_wanted(${value('gender')}::text, ${value('wantedBy')}::text, ${value('bornAfter')}::date, ${value('bornOnOrBefore')}::date)`;

/** A profile's place and the searcher's, as the GiST index `profiles_nearest_idx` knows them (migrations 0039, 0043). */
const PLACE = sql`member_point(p.latitude, p.longitude)`;
const ORIGIN = sql`member_point(${value('nearLatitude')}::float8, ${value('nearLongitude')}::float8)`;

/**
 * The conditions of a search. `walk`: the statement walks `profiles_nearest_idx` (a page nearest
 * first, a radius's count), so the gender, ages and orientation go in as the one condition that
 * index tests. Otherwise they stay plain conditions on the columns, which the btree indexes serve
 * (a search without a place, a count without a radius): as a condition the GiST index can test,
 * PostgreSQL would choose it on its estimate and pass a whole country in it (27–65 ms where the
 * btree count takes 0.3 ms).
 */
function whereOf(filter: SearchFilter, walk: boolean): SQL {
  const parts: SQL[] = [visibleToViewer(filter.viewerId === null ? null : value('viewerId'))];
  if (filter.niche > 1) parts.push(sql`${value('niche')}::smallint = any(p.niches)`);
  if (filter.country) parts.push(sql`p.country = ${value('country')}`);
  if (filter.region) parts.push(sql`p.region = ${value('region')}`);
  if (walk) parts.push(WHO_WANTED);
  else {
    if (filter.gender) parts.push(sql`p.gender = ${value('gender')}`);
    if (filter.bornOnOrBefore) parts.push(sql`p.date_of_birth <= ${value('bornOnOrBefore')}::date`);
    if (filter.bornAfter) parts.push(sql`p.date_of_birth > ${value('bornAfter')}::date`);
    if (filter.wantedBy) parts.push(wantsViewer);
  }
  if (filter.hideFictional) parts.push(sql`not exists (select 1 from users fu where fu.id = p.id and fu.is_fictional)`);
  if (filter.fictionalOnly) parts.push(sql`exists (select 1 from users fu where fu.id = p.id and fu.is_fictional)`);
  if (filter.excludeIds?.length) parts.push(sql`p.id <> all(${value('excludeIds')}::int[])`);
  if (filter.near && filter.withinChordKm !== undefined) {
    // The box around the radius is a condition of the index walk: the walk ends where the box
    // does, however few members it holds. The distance keeps the round ones. The box is the
    // radius's own (`capBox`), not a cube around the origin, most of which lies outside it.
    parts.push(sql`${PLACE} <@ cube(${value('boxLow')}::float8[], ${value('boxHigh')}::float8[])`);
    parts.push(sql`${PLACE} <-> ${ORIGIN} <= ${value('withinChordKm')}::float8`);
  }
  return sql.join(parts, sql` and `);
}

function valuesOf(filter: SearchFilter, extra: Pick<SearchValues, 'limit' | 'offset' | 'cap'>): SearchValues {
  const { viewerId, niche, gender, country, region, bornOnOrBefore, bornAfter, excludeIds, near, withinChordKm, wantedBy } = filter;
  const box = near && withinChordKm !== undefined ? capBox(near, withinChordKm) : undefined;
  return {
    viewerId,
    niche,
    // Null, not absent, where unset: the walk's condition names these whether set or not.
    gender: gender ?? null,
    country,
    region,
    bornOnOrBefore: bornOnOrBefore ?? null,
    bornAfter: bornAfter ?? null,
    excludeIds: excludeIds && `{${excludeIds.join(',')}}`,
    nearLatitude: near?.latitude,
    nearLongitude: near?.longitude,
    withinChordKm,
    boxLow: box && `{${box.low.join(',')}}`,
    boxHigh: box && `{${box.high.join(',')}}`,
    wantedBy: wantedBy ?? null,
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

/**
 * Nearest first: the walk picks the page's ids, testing the radius's box, the gender, the ages and
 * the orientation inside the index, so it reads the table only for members who match and stops at
 * the page's end; the cards are then read for those ids. With the cards' columns in the walk
 * itself PostgreSQL read a radius's whole box from the table and sorted it (140 ms around a big
 * city at 1M members).
 */
const nearestSearchStatement = cachedStatement(
  (filter) => sql`
    select ${CARD_COLUMNS} from (
      select p.id, p.last_active_at, ${PLACE} <-> ${ORIGIN} as place_distance
      from profiles p where ${whereOf(filter, true)}
      order by ${NEAREST_ORDER} limit ${value('limit')} offset ${value('offset')}) page
    join profiles p on p.id = page.id
    ${CARD_JOINS}
    order by page.place_distance, page.last_active_at desc, page.id desc`,
);

/** Without a place: the most recently active first, by the btree indexes on `last_active_at`. */
const recentSearchStatement = cachedStatement(
  (filter) => sql`
    select ${CARD_COLUMNS} from (
      select p.id, p.name, p.gender, p.date_of_birth, p.country, p.region, p.city, p.main_photo_id, p.last_active_at, p.latitude, p.longitude
      from profiles p where ${whereOf(filter, false)}
      order by p.last_active_at desc, p.id desc limit ${value('limit')} offset ${value('offset')}) p
    ${CARD_JOINS}
    order by p.last_active_at desc, p.id desc`,
);

/**
 * How many match, up to the cap. Within a radius the count walks `profiles_nearest_idx` with the
 * radius's box as a condition of the scan, so it stops after `cap` members or where the box ends;
 * no order is needed to count (nearest first was 1.5–2× slower). Without a radius the place does
 * not matter and the btree indexes count. Every column named here is in the index it walks
 * (migration 0046), so neither reads the table for the exact distance or the orientation rule.
 */
const countStatement = cachedStatement((filter) => {
  const walk = filter.near !== undefined && filter.withinChordKm !== undefined;
  return sql`select count(*)::int as n from (select 1 from profiles p where ${whereOf(filter, walk)} limit ${value('cap')}) matching`;
});

/** Queries over other members' public profiles; every one excludes hidden and blocked members. */
export function createProfilesRepository(db: Executor) {
  const rowsOf = async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  // A shown profile's own reads, on every profile page (ADR 0079); with its presence, no card is read.
  const profileById = preparedOnce(() =>
    db
      .select({ profile: profiles, isFictional: users.isFictional, onlineUntil: memberPresence.onlineUntil })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.id))
      .leftJoin(memberPresence, eq(memberPresence.userId, profiles.id))
      .where(eq(profiles.id, sql.placeholder('id')))
      .limit(1)
      .prepare('rdv_profiles_find_profile'),
  );
  const photosQuery = (activeOnly: boolean, name: string) =>
    preparedOnce(() =>
      db
        .select()
        .from(photos)
        .where(activeOnly ? and(eq(photos.userId, sql.placeholder('userId')), eq(photos.status, 'active')) : eq(photos.userId, sql.placeholder('userId')))
        .orderBy(asc(photos.position), asc(photos.id))
        .prepare(name),
    );
  const photosOf = photosQuery(false, 'rdv_profiles_photos');
  const activePhotosOf = photosQuery(true, 'rdv_profiles_active_photos');

  return {
    /** A page of matching profiles: nearest first when the filter has a place, else most recently active first. */
    async search(filter: SearchFilter, limit: number, offset: number): Promise<CardRow[]> {
      const statement = filter.near ? nearestSearchStatement : recentSearchStatement;
      return rowsOf<CardRow>(statement(filter, valuesOf(filter, { limit, offset })));
    },

    /** How many profiles match, counted up to `cap` (beyond it the exact number does not matter). */
    async count(filter: SearchFilter, cap: number): Promise<number> {
      const [row] = await rowsOf<{ n: number }>(countStatement(filter, valuesOf(filter, { cap })));
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
      return row ? searcherProfileOf(row) : null;
    },

    /** A profile with its account's kind and the time until which its member counts as online. */
    async findProfile(id: number): Promise<(ProfileRow & { isFictional: boolean; onlineUntil: Date | null }) | null> {
      const [row] = await profileById().execute({ id });
      return row ? { ...row.profile, isFictional: row.isFictional, onlineUntil: row.onlineUntil } : null;
    },

    async listPhotos(userId: number, options: { activeOnly: boolean }): Promise<PhotoRow[]> {
      return (options.activeOnly ? activePhotosOf : photosOf)().execute({ userId });
    },
  };
}

export type ProfilesRepository = ReturnType<typeof createProfilesRepository>;
