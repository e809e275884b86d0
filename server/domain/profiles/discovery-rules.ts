import type { SearcherProfile } from '../../db/repositories/profiles.repository';

type Gender = 'male' | 'female';

/**
 * The genders a member wants to see (ADR 0067): a "hetero" sexuality means the other gender,
 * "gay" their own; otherwise (bi, curious, not given) the gender they seek, or both. The SQL
 * twin of this rule is `wantsGender` in profiles.repository.ts; both must say the same.
 */
export function gendersWanted(member: Pick<SearcherProfile, 'gender' | 'seeking' | 'sexuality'>): Gender[] {
  const other: Gender = member.gender === 'male' ? 'female' : 'male';
  if (member.sexuality === 'hetero') return [other];
  if (member.sexuality === 'gay') return [member.gender];
  return member.seeking === 'both' ? ['female', 'male'] : [member.seeking];
}

/**
 * The gender condition of a member's discovery: the genders asked for narrowed to those they
 * want (null when nothing is left: asking for men while wanting women finds nobody), and the
 * searcher's gender, which every profile shown must want too.
 */
export function genderCondition(searcher: SearcherProfile, asked: Gender | undefined): { gender?: Gender; wantedBy: Gender } | null {
  const wanted = gendersWanted(searcher);
  if (asked && !wanted.includes(asked)) return null;
  return { gender: asked ?? (wanted.length === 1 ? wanted[0] : undefined), wantedBy: searcher.gender };
}
