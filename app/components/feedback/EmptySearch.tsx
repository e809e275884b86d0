import { useTranslation } from '../../lib/use-translation';
import { widenFilters, type SearchFilters } from '../../state/search';

/**
 * A search that found no one: says so in words, and offers a wider search (one filter fewer)
 * instead of a bare "0". Similar members, when the search service found some, follow below it.
 */
export function EmptySearch({ filters, hasSimilar, onWiden }: { filters: SearchFilters; hasSimilar: boolean; onWiden: (filters: SearchFilters) => void }) {
  const { t } = useTranslation();
  const wider = widenFilters(filters);
  return (
    <div className="empty-state card card-body text-center my-4" data-testid="empty-search">
      <svg className="empty-state__icon mx-auto mb-3" viewBox="0 0 24 24" width="48" height="48" aria-hidden="true" focusable="false">
        <circle cx="11" cy="11" r="6.5" />
        <path d="m16 16 4.5 4.5M8.5 11h5" />
      </svg>
      <h2 className="h5">{t('shell.empty_search_title')}</h2>
      <p className="text-body-secondary mb-3">{wider ? t('shell.empty_search_hint') : t('shell.empty_search_none')}</p>
      {wider && (
        <div>
          <button type="button" className="btn btn-primary" onClick={() => onWiden(wider)}>
            {t('shell.widen_search')}
          </button>
        </div>
      )}
      {hasSimilar && <p className="small text-body-secondary mt-3 mb-0">{t('shell.similar_below')}</p>}
    </div>
  );
}
