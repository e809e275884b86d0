import type { ProfileCard } from '../../../contract/profiles';
import type { CardRow } from '../../db/repositories/profiles.repository';
import { ageOn } from '../accounts/signup-rules';

/** A card row as members see it: age instead of birth date, the main photo if it is active. */
export function presentCard(row: CardRow, now: Date): ProfileCard {
  return {
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
}

/** PostgreSQL through `pg` returns dates as Date objects, PGlite as strings. */
function isoDate(value: unknown): string {
  return value instanceof Date ? value.toISOString().slice(0, 10) : String(value);
}

/** The birth date that makes someone exactly `years` old today (UTC), as YYYY-MM-DD. */
export function birthDateYearsAgo(years: number, now: Date): string {
  const date = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate()));
  return date.toISOString().slice(0, 10);
}
