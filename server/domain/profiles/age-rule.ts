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
  // Read digit by digit, not split into parts: a search presents twenty cards, each with an age.
  const year = digitsAt(dateOfBirth, 0, 4);
  const month = digitsAt(dateOfBirth, 5, 2);
  const day = digitsAt(dateOfBirth, 8, 2);
  const nowMonth = now.getUTCMonth() + 1;
  const beforeBirthday = nowMonth < month || (nowMonth === month && now.getUTCDate() < day);
  return now.getUTCFullYear() - year - (beforeBirthday ? 1 : 0);
}

/** The number the `length` ASCII digits at `start` of `text` spell. */
function digitsAt(text: string, start: number, length: number): number {
  let value = 0;
  for (let index = start; index < start + length; index++) value = value * 10 + (text.charCodeAt(index) - 48);
  return value;
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
