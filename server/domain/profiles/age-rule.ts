import { MIN_AGE } from '../../../contract/profile-options';
import { AppError } from '../shared/app-error';

/** Oldest plausible person; an earlier date is a typing mistake. */
const MAX_AGE_YEARS = 120;

/** Why a date of birth cannot be a profile's: none given, not a real date, or someone under 18. */
export type DateOfBirthProblem = 'missing' | 'not_a_date' | 'under_age';

/**
 * The one age rule for every profile, a member's or a fictional one, wherever it is made or
 * changed (sign-up, the member's profile edit, the console): the person must be at least
 * `MIN_AGE` (18) today, in UTC. Someone born on 29 February turns 18 on 1 March of a common
 * year, never a day early: where the law is unsure, the later day is the safe one.
 */
export function findDateOfBirthProblem(value: string | undefined, now: Date): DateOfBirthProblem | null {
  if (!value) return 'missing';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return 'not_a_date';
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return 'not_a_date';
  const age = ageOn(value, now);
  if (age > MAX_AGE_YEARS || date > now) return 'not_a_date';
  if (age < MIN_AGE) return 'under_age';
  return null;
}

/** Whole years between a YYYY-MM-DD birth date and a moment (UTC); a 29 February birthday falls on 1 March in common years. */
export function ageOn(dateOfBirth: string, now: Date): number {
  const [year, month, day] = dateOfBirth.split('-').map(Number);
  let age = now.getUTCFullYear() - year;
  const beforeBirthday = now.getUTCMonth() + 1 < month || (now.getUTCMonth() + 1 === month && now.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}

/**
 * The age rule as the console words it (fictional profiles): refuses a date that makes the
 * person under 18 with `date_of_birth_under_age`, and one that is no real date with
 * `date_of_birth_invalid`, each naming the field.
 */
export function assertAdultDateOfBirth(value: string, now: Date): void {
  const problem = findDateOfBirthProblem(value, now);
  if (!problem) return;
  const code = problem === 'under_age' ? 'date_of_birth_under_age' : 'date_of_birth_invalid';
  const params = { min_age: MIN_AGE };
  throw new AppError(code, { params, fields: [{ field: 'date_of_birth', code, params }] });
}
