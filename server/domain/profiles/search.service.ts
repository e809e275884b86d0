import { SEARCH_PAGE_SIZE, type SearchQuery, type SearchResponse } from '../../../contract/profiles';
import { distanceUnitOf, toKm } from '../../../contract/distance-units';
import { chordKm, type ProfilesRepository, type SearcherProfile, type SearchFilter } from '../../db/repositories/profiles.repository';
import type { SiteRow } from '../../db/schema/index';
import type { PartnerCardsDisplay } from '../partners/partner-cards.service';
import { AppError } from '../shared/app-error';
import type { Clock } from '../shared/clock';
import { genderCondition } from './discovery-rules';
import { birthDateYearsAgo, presentCard } from './profile-cards';

/** Counting stops here: "1000+" is all a member needs to know. */
const COUNT_CAP = 1000;
/** Fewer matches than this and similar profiles are offered too. */
const FEW_RESULTS = 5;
const SIMILAR_AGE_MARGIN = 5;
const NO_PARTNER_CARDS = Promise.resolve([]);

export interface Searcher {
  memberId: number | null;
  hasTrafficSource: boolean;
  /** The member's own profile when the caller has read it already (a page has their account). */
  profile?: SearcherProfile;
}

/**
 * Member search (spec §2 members): filters, similar when few match. A member sees the people
 * nearest to them first, then the most recently active, optionally within a radius, and only
 * people who want to see them as they want to see them (ADR 0067); a visitor, the most recently
 * active.
 */
export function createSearchService(deps: {
  profiles: ProfilesRepository;
  /** Where the result pages and counts are read: a read replica when there is one (ADR 0080); the searcher's own profile is read from `profiles`. */
  publicProfiles?: Pick<ProfilesRepository, 'search' | 'count'>;
  clock: Clock;
  partners?: PartnerCardsDisplay;
}) {
  const { profiles, clock } = deps;
  const publicProfiles = deps.publicProfiles ?? profiles;

  function toFilter(site: SiteRow, query: SearchQuery, viewerId: number | null, me: SearcherProfile | null, now: Date): SearchFilter | null {
    const genders = me ? genderCondition(me, query.gender) : { gender: query.gender };
    if (!genders) return null;
    const radius = me?.place && query.radius ? chordKm(toKm(query.radius, distanceUnitOf(me.country))) : undefined;
    return {
      viewerId,
      niche: site.niche,
      ...genders,
      near: me?.place ?? undefined,
      withinChordKm: radius,
      country: query.country,
      region: query.country && query.countryregion ? query.countryregion : undefined,
      bornOnOrBefore: query.min_age ? birthDateYearsAgo(query.min_age, now) : undefined,
      bornAfter: query.max_age ? birthDateYearsAgo(query.max_age + 1, now) : undefined,
      hideFictional: query.hide_fictional === '1',
    };
  }

  /** Visitors search only where the site allows it (logged_out_search, or its traffic-source variant). */
  function assertMaySearch(site: SiteRow, searcher: Searcher) {
    if (searcher.memberId) return;
    const setting = searcher.hasTrafficSource ? site.loggedOutSearchTrafficsource : site.loggedOutSearch;
    if (setting === 'none') throw new AppError('search_login_required');
  }

  return {
    async search(site: SiteRow, query: SearchQuery, searcher: Searcher): Promise<SearchResponse> {
      assertMaySearch(site, searcher);
      const now = clock.now();
      const me = searcher.memberId ? (searcher.profile ?? (await profiles.findSearcher(searcher.memberId))) : null;
      const unit = me ? { distance_unit: distanceUnitOf(me.country) } : {};
      const filter = toFilter(site, query, searcher.memberId, me, now);
      // Asking for a gender the member does not want to see finds nobody, without asking the database.
      if (!filter) return { results: [], numResults: 0, page: query.page, ...unit };
      const offset = (query.page - 1) * SEARCH_PAGE_SIZE;
      // Partner cards come with the first page (the client places them among all pages); they are
      // offers, not members, so they are never part of `results` or `numResults`. Their query goes
      // out with the page and the count: one after the other, they were a third round trip in a
      // row on most searches (issue 36).
      const partners = query.page === 1 && deps.partners ? deps.partners.shownOn(site) : NO_PARTNER_CARDS;
      const [rows, numResults, partnerCards] = await Promise.all([
        publicProfiles.search(filter, SEARCH_PAGE_SIZE, offset),
        publicProfiles.count(filter, COUNT_CAP),
        partners,
      ]);
      // A member sees how far away each card is (issue 19); a visitor has no place to measure from.
      const origin = me?.place ?? null;
      const response: SearchResponse = { results: rows.map((row) => presentCard(row, now, origin)), numResults, page: query.page, ...unit };
      if (partnerCards.length > 0) response.partner_cards = partnerCards;
      if (numResults < FEW_RESULTS && query.page === 1) {
        const similar = widen(filter, query, now);
        const exclude = rows.map((row) => row.id);
        const [similarRows, similarCount] = await Promise.all([
          publicProfiles.search({ ...similar, excludeIds: exclude }, SEARCH_PAGE_SIZE, 0),
          publicProfiles.count({ ...similar, excludeIds: exclude }, COUNT_CAP),
        ]);
        response.similar_results = similarRows.map((row) => presentCard(row, now, origin));
        response.similar_numResults = similarCount;
      }
      return response;
    },
  };
}

/** Similar: the whole country instead of one region, any distance, and five years more on each side. */
function widen(filter: SearchFilter, query: SearchQuery, now: Date): SearchFilter {
  return {
    ...filter,
    region: undefined,
    withinChordKm: undefined,
    bornOnOrBefore: query.min_age ? birthDateYearsAgo(Math.max(18, query.min_age - SIMILAR_AGE_MARGIN), now) : undefined,
    bornAfter: query.max_age ? birthDateYearsAgo(query.max_age + 1 + SIMILAR_AGE_MARGIN, now) : undefined,
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
