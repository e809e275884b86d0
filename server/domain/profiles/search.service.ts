import { SEARCH_PAGE_SIZE, type SearchQuery, type SearchResponse } from '../../../contract/profiles';
import type { ProfilesRepository, SearchFilter } from '../../db/repositories/profiles.repository';
import type { SiteRow } from '../../db/schema/index';
import type { PartnerCardsDisplay } from '../partners/partner-cards.service';
import { AppError } from '../shared/app-error';
import type { Clock } from '../shared/clock';
import { birthDateYearsAgo, presentCard } from './profile-cards';

/** Counting stops here: "1000+" is all a member needs to know. */
const COUNT_CAP = 1000;
/** Fewer matches than this and similar profiles are offered too. */
const FEW_RESULTS = 5;
const SIMILAR_AGE_MARGIN = 5;

export interface Searcher {
  memberId: number | null;
  hasTrafficSource: boolean;
}

/** Member search (spec §2 members): filters, most recently active first, similar when few match. */
export function createSearchService(deps: { profiles: ProfilesRepository; clock: Clock; partners?: PartnerCardsDisplay }) {
  const { profiles, clock } = deps;

  function toFilter(site: SiteRow, query: SearchQuery, viewerId: number | null, now: Date): SearchFilter {
    return {
      viewerId,
      niche: site.niche,
      gender: query.gender,
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
      const filter = toFilter(site, query, searcher.memberId, now);
      const offset = (query.page - 1) * SEARCH_PAGE_SIZE;
      const [rows, numResults, origin] = await Promise.all([
        profiles.search(filter, SEARCH_PAGE_SIZE, offset),
        profiles.count(filter, COUNT_CAP),
        // A member sees how far away each card is (issue 19); a visitor has no place to measure from.
        searcher.memberId ? profiles.findOrigin(searcher.memberId) : null,
      ]);
      const response: SearchResponse = { results: rows.map((row) => presentCard(row, now, origin)), numResults, page: query.page };
      // Partner cards come with the first page (the client places them among all pages); they are
      // offers, not members, so they are never part of `results` or `numResults`.
      if (query.page === 1 && deps.partners) {
        const partnerCards = await deps.partners.shownOn(site);
        if (partnerCards.length > 0) response.partner_cards = partnerCards;
      }
      if (numResults < FEW_RESULTS && query.page === 1) {
        const similar = widen(filter, query, now);
        const exclude = rows.map((row) => row.id);
        const [similarRows, similarCount] = await Promise.all([
          profiles.search({ ...similar, excludeIds: exclude }, SEARCH_PAGE_SIZE, 0),
          profiles.count({ ...similar, excludeIds: exclude }, COUNT_CAP),
        ]);
        response.similar_results = similarRows.map((row) => presentCard(row, now, origin));
        response.similar_numResults = similarCount;
      }
      return response;
    },
  };
}

/** Similar: the whole country instead of one region, and five years more on each side. */
function widen(filter: SearchFilter, query: SearchQuery, now: Date): SearchFilter {
  return {
    ...filter,
    region: undefined,
    bornOnOrBefore: query.min_age ? birthDateYearsAgo(Math.max(18, query.min_age - SIMILAR_AGE_MARGIN), now) : undefined,
    bornAfter: query.max_age ? birthDateYearsAgo(query.max_age + 1 + SIMILAR_AGE_MARGIN, now) : undefined,
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
