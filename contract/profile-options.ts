/**
 * The closed lists a profile's details are chosen from. Values are stable keys stored in the
 * database; their labels are translation keys `profile.<field>.<value>`.
 */
export const GENDERS = ['male', 'female'] as const;
export const SEEKING = ['male', 'female', 'both'] as const;
export const SEXUALITIES = ['hetero', 'gay', 'bi', 'curious'] as const;
export const RELATIONSHIP_STATUSES = ['single', 'relationship', 'married', 'divorced', 'widowed', 'open'] as const;
export const HAIR_COLOURS = ['blond', 'brown', 'black', 'red', 'grey', 'bald', 'other'] as const;
export const EYE_COLOURS = ['blue', 'brown', 'green', 'grey', 'hazel'] as const;
export const BODY_TYPES = ['slim', 'average', 'athletic', 'curvy', 'large'] as const;
export const TATTOOS = ['none', 'one', 'some', 'many'] as const;

/** The interest catalogue; a site may offer a subset (settings `interests`). */
export const INTERESTS = [
  'travel',
  'music',
  'cooking',
  'sports',
  'movies',
  'reading',
  'dancing',
  'nature',
  'art',
  'gaming',
  'fitness',
  'photography',
  'wine',
  'animals',
  'fashion',
  'theatre',
  'cycling',
  'beach',
  'nightlife',
  'yoga',
] as const;
export type Interest = (typeof INTERESTS)[number];

/**
 * The interests a site offers members to pick: those it names, in the catalogue's order, or the
 * whole catalogue when it names none. The profile form reads the site's list from its settings
 * file (loaded once and cached, spec §7); `/api/interests.php` answers the same list, translated.
 */
export function offeredInterests(siteInterests: readonly string[]): readonly Interest[] {
  return siteInterests.length ? INTERESTS.filter((id) => siteInterests.includes(id)) : INTERESTS;
}

/** Spec §1: niche numbers and their names. */
export const NICHES = { 1: 'general', 2: 'she', 3: 'bdsm', 4: 'bbw', 5: 'gilf', 6: 'milf', 7: 'gay' } as const;

export const MIN_AGE = 18;
export const MAX_AGE = 99;
