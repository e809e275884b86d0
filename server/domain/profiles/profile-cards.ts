import type { ProfileCard } from '../../../contract/profiles';
import type { CardRow } from '../../db/repositories/profiles.repository';
import { ageOn } from './age-rule';

/** Where the viewing member lives, for the distance shown on search cards. */
export interface Origin {
  latitude: number;
  longitude: number;
}

/**
 * A card row as members see it: age instead of birth date, the main photo if it is active,
 * whether they are online now, and (given where the viewer lives) how far away they are.
 */
export function presentCard(row: CardRow, now: Date, origin: Origin | null = null): ProfileCard {
  const card: ProfileCard = {
    id: row.id,
    name: row.name,
    age: ageOn(typeof row.dateOfBirth === 'string' ? row.dateOfBirth : isoDate(row.dateOfBirth), now),
    gender: row.gender,
    country: row.country,
    region: row.region,
    city: row.city,
    main_image: row.mainFilename && row.mainThumb ? { filename: row.mainFilename, thumb_filename: row.mainThumb, status: 'active' } : null,
    is_fictional: row.isFictional,
  };
  if (row.onlineUntil && new Date(row.onlineUntil) > now) card.is_online = true;
  if (origin && row.latitude !== null && row.longitude !== null)
    card.distance_km = Math.round(distanceKm(origin, { latitude: row.latitude, longitude: row.longitude }));
  return card;
}

const EARTH_RADIUS_KM = 6371;

/** Great-circle distance (haversine), in kilometres. */
export function distanceKm(from: Origin, to: Origin): number {
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = rad(to.latitude - from.latitude);
  const dLon = rad(to.longitude - from.longitude);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(rad(from.latitude)) * Math.cos(rad(to.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** PostgreSQL through `pg` returns dates as Date objects, PGlite as strings. */
function isoDate(value: unknown): string {
  return value instanceof Date ? value.toISOString().slice(0, 10) : String(value);
}

function twoDigits(value: number): string {
  return value < 10 ? `0${value}` : String(value);
}

/** The birth date that makes someone exactly `years` old today (UTC), as YYYY-MM-DD. */
export function birthDateYearsAgo(years: number, now: Date): string {
  const date = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate()));
  // Formatted from its parts: `toISOString` formats the time too, only to have it cut off.
  return `${String(date.getUTCFullYear()).padStart(4, '0')}-${twoDigits(date.getUTCMonth() + 1)}-${twoDigits(date.getUTCDate())}`;
}
