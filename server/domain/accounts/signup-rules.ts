import type { SignupInput } from '../../../contract/accounts';
import { isEmailAddress } from '../../../contract/email-address';
import { GENDERS, MIN_AGE, SEEKING } from '../../../contract/profile-options';
import type { SiteRow } from '../../db/schema/index';
import type { FieldProblem } from '../shared/app-error';
import { findDateOfBirthProblem } from '../profiles/age-rule';
import { suggestEmailCorrection } from '../../../contract/email-suggestion';
import { findPasswordProblem } from './passwords';

const NAME_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N} ._-]*$/u;

export interface SignupCheck {
  problems: FieldProblem[];
  suggestion?: string;
}

/**
 * The spec's sign-up rules (§5). With `partial` only the fields present are checked, as each
 * step of the sign-up form validates what it asked for.
 */
export async function checkSignupFields(input: SignupInput, site: Pick<SiteRow, 'countries' | 'name'>, now: Date, partial: boolean): Promise<SignupCheck> {
  const problems: FieldProblem[] = [];
  const wants = (value: unknown) => !partial || value !== undefined;
  let suggestion: string | undefined;

  if (wants(input.gender) && !(GENDERS as readonly string[]).includes(input.gender ?? '')) problems.push({ field: 'gender', code: 'choice_required' });
  if (wants(input.seeking) && !(SEEKING as readonly string[]).includes(input.seeking ?? '')) problems.push({ field: 'seeking', code: 'choice_required' });
  if (wants(input.country) && !site.countries.includes(input.country?.toUpperCase() ?? '')) problems.push({ field: 'country', code: 'choice_required' });

  if (wants(input.date_of_birth)) {
    const code = checkDateOfBirth(input.date_of_birth, now);
    if (code) problems.push({ field: 'date_of_birth', code, params: { min_age: MIN_AGE } });
  }

  if (wants(input.email)) {
    const email = input.email ?? '';
    // The contract's one rule; deliverability is proven by the activation mail.
    if (!isEmailAddress(email)) problems.push({ field: 'email', code: 'email_invalid' });
    suggestion = suggestEmailCorrection(email) ?? undefined;
  }

  if (wants(input.name)) {
    const code = findNameProblem(input.name ?? '', input.email);
    if (code) problems.push({ field: 'name', code });
  }

  if (wants(input.password)) {
    const problem = await findPasswordProblem(input.password ?? '', { email: input.email, name: input.name, siteName: site.name });
    if (problem) problems.push({ field: 'password', code: problem });
  }

  if (!partial && input.accept_terms !== true) problems.push({ field: 'accept_terms', code: 'terms_required' });
  return { problems, suggestion };
}

/**
 * The one rule for a member's name, at sign-up and on every later change (spec §5): 2 to 30
 * letters, digits, spaces, dots, dashes or underscores, starting with a letter or digit; not
 * starting with @; not the member's e-mail address.
 */
export function findNameProblem(name: string, email: string | undefined): 'username_starts_with_at' | 'username_equals_email' | 'username_invalid' | null {
  if (name.startsWith('@')) return 'username_starts_with_at';
  if (email && name.toLowerCase() === email.toLowerCase()) return 'username_equals_email';
  if (name.length < 2 || name.length > 30 || !NAME_PATTERN.test(name)) return 'username_invalid';
  return null;
}

/**
 * The age rule (profiles/age-rule.ts) in the member's words: the spec's 'Enter your date of birth
 * (18+)' for a missing or under-age date, 'Invalid date of birth.' for one that is not a date.
 */
export function checkDateOfBirth(value: string | undefined, now: Date): 'date_of_birth_required' | 'date_of_birth_invalid' | null {
  const problem = findDateOfBirthProblem(value, now);
  if (problem === 'not_a_date') return 'date_of_birth_invalid';
  return problem ? 'date_of_birth_required' : null;
}
