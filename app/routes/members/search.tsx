import { startTransition, useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useLoaderData, useNavigate, useNavigation, useSearchParams } from 'react-router';
import type { SearchResponse } from '../../../contract/profiles';
import { PARTNER_CARD_EVERY, SEARCH_PAGE_SIZE } from '../../../contract/discovery-limits';
import { EmptySearch } from '../../components/feedback/EmptySearch';
import { ListSkeleton } from '../../components/feedback/Skeleton';
import { ProfileGrid } from '../../components/profile/ProfileCard';
import { SearchFilters } from '../../components/search/SearchFilters';
import { SearchResultsGrid } from '../../components/search/SearchResultsGrid';
import { api } from '../../lib/api-client';
import { useRootData } from '../../root';
import { defaultGender, firstPageOf, toPageQuery, toQuery, withDefaultGender, withPage, type SearchFilters as Filters } from '../../state/search';
import { useSignupModal } from '../../state/signup-modal';
import type { Route } from './+types/search';

/** Cards in the server's render: two rows on a wide screen, more than a phone's first screen. */
export const FIRST_SCREEN_CARDS = 8;

export async function loader({ url, context }: Route.LoaderArgs) {
  // A member's search starts at the gender they are looking for, not at "any".
  const query = withDefaultGender(Object.fromEntries(url.searchParams), defaultGender(context.user?.profile.seeking));
  const first = await context.searchMembers({ ...query, page: '1' });
  if (!first.ok) return { query, first, restOfPage: false };
  // The first screen shows a few cards; the rest of the page comes from the API after hydration
  // (issue 20: twenty cards were most of the page's HTML and inline data).
  const firstScreen = {
    ...first.data,
    results: first.data.results.slice(0, FIRST_SCREEN_CARDS),
    similar_results: first.data.similar_results?.slice(0, FIRST_SCREEN_CARDS),
    // Only the offers the first screen places (one after every few members); the whole page brings the rest.
    partner_cards: first.data.partner_cards?.slice(0, Math.floor(FIRST_SCREEN_CARDS / PARTNER_CARD_EVERY)),
  };
  const restOfPage =
    firstScreen.results.length < first.data.results.length || (firstScreen.similar_results?.length ?? 0) < (first.data.similar_results?.length ?? 0);
  return { query, first: { ...first, data: firstScreen }, restOfPage };
}

export function meta({ matches }: Route.MetaArgs) {
  const settings = matches[0]?.data?.settings;
  if (!settings) return [];
  // A member's page is not for search engines: no description (the root data leaves it empty).
  return matches[0]?.data?.user ? [{ title: settings.name }] : [{ title: settings.name }, { name: 'description', content: settings.description }];
}

function filtersOf(query: Record<string, string>): Filters {
  const gender = query.gender === 'male' || query.gender === 'female' ? query.gender : '';
  return {
    gender,
    country: query.country ?? '',
    countryregion: query.countryregion ?? '',
    min_age: query.min_age ?? '',
    max_age: query.max_age ?? '',
    radius: query.radius ?? '',
  };
}

/** `/members` — member search, the home after log-in (spec §2). */
export default function MemberSearch() {
  const { t } = useTranslation();
  const { query, first, restOfPage } = useLoaderData<typeof loader>();
  const { user } = useRootData();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const openSignup = useSignupModal((state) => state.open);
  const [loading, setLoading] = useState(false);
  const filters = useMemo(() => filtersOf(query), [query]);
  // A new search on its way: the outline of its results instead of the old ones.
  const navigation = useNavigation();
  const searching = navigation.state === 'loading' && navigation.location?.pathname === '/members';

  // The results shown, starting from the server's first screen; a new search (new loader data) starts over.
  const [shown, setShown] = useState(() => (first.ok ? firstPageOf(first.data) : null));
  const [shownFor, setShownFor] = useState(first);
  if (shownFor !== first) {
    setShownFor(first);
    setShown(first.ok ? firstPageOf(first.data) : null);
  }

  useEffect(() => {
    if (!first.ok || !restOfPage) return;
    // The whole first page, asked for as the loader asked (traffic source included); it replaces the first screen's cards.
    // As a transition, drawing its cards yields to the phone between cards instead of blocking it.
    let stale = false;
    api<SearchResponse>(`members.php?${new URLSearchParams({ ...query, page: '1' })}`)
      .then((page) => {
        if (!stale) startTransition(() => setShown((current) => current && withPage(current, 1, page)));
      })
      // Refused or offline: the first screen's cards stay, as a failed "load more" leaves the list.
      .catch(() => undefined);
    return () => {
      stale = true;
    };
  }, [first, restOfPage, query]);

  if (!first.ok) {
    return (
      <div className="container py-5 text-center" style={{ maxWidth: 560 }}>
        <p className="lead">{first.message}</p>
        <button type="button" className="btn btn-primary" onClick={() => openSignup()}>
          {t('landing.cta_signup')}
        </button>
      </div>
    );
  }

  const pages = shown?.pages ?? [];
  const similar = shown?.similarResults ?? [];
  const results = pages.flatMap((page) => page.results);
  const nextPage = (pages.at(-1)?.pageNumber ?? 1) + 1;
  const hasMore = results.length < first.data.numResults && results.length === (nextPage - 1) * SEARCH_PAGE_SIZE;
  const loadMore = async () => {
    setLoading(true);
    try {
      const response = await api<SearchResponse>(`members.php?${toQuery(filters, nextPage)}`);
      setShown((current) => current && withPage(current, nextPage, response));
    } finally {
      setLoading(false);
    }
  };

  const search = (next: Filters) => navigate(`/members?${toPageQuery(next, defaultGender(user?.profile.seeking))}${params.get('lb') ? '&lb=1' : ''}`);

  return (
    <div className="container py-4">
      <h1 className="h3 mb-3">{user ? t('search.title_member', { name: user.profile.name }) : t('search.title')}</h1>
      <SearchFilters initial={filters} onSearch={search} />
      {/* The results' heading (the cards are h3): the count, announced when a search changes it. */}
      <div role="status">
        <h2 className="fs-6 fw-normal text-body-secondary mb-3">
          {t('search.count', { shown: first.data.numResults >= 1000 ? '1000+' : first.data.numResults })}
        </h2>
      </div>
      {searching ? (
        <ListSkeleton kind="cards" />
      ) : first.data.numResults === 0 ? (
        <EmptySearch filters={filters} hasSimilar={similar.length > 0} onWiden={search} />
      ) : (
        <SearchResultsGrid profiles={results} partnerCards={shown?.partnerCards} />
      )}
      {loading && (
        <div className="mt-3">
          <ListSkeleton kind="cards" count={4} />
        </div>
      )}
      {hasMore && !loading && (
        <div className="text-center my-4">
          <button type="button" className="btn btn-outline-secondary" onClick={() => void loadMore()}>
            {t('search.load_more')}
          </button>
        </div>
      )}
      {!searching && similar.length > 0 && (
        <section className="mt-5" aria-labelledby="similar-title">
          <h2 className="h5" id="similar-title">
            {t('search.similar')}
          </h2>
          <ProfileGrid profiles={similar} />
        </section>
      )}
    </div>
  );
}
