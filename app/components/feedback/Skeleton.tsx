import { useTranslation } from '../../lib/use-translation';

/**
 * Grey shapes where a list is about to appear, so the page keeps its layout while it loads.
 * `cards`: the search and likes grid; `rows`: the conversation list.
 */
export function ListSkeleton({ kind, count = kind === 'cards' ? 8 : 6 }: { kind: 'cards' | 'rows'; count?: number }) {
  const { t } = useTranslation();
  const items = Array.from({ length: count }, (_, index) => index);
  return (
    <div className="skeleton-list" role="status" aria-busy="true" data-testid="list-skeleton">
      <span className="visually-hidden">{t('shell.loading')}</span>
      {kind === 'cards' ? (
        <div className="row row-cols-2 row-cols-md-3 row-cols-lg-4 row-cols-xl-5 g-3" aria-hidden="true">
          {items.map((index) => (
            <div className="col" key={index}>
              <div className="card h-100 overflow-hidden">
                <div className="skeleton skeleton--photo" />
                <div className="card-body p-2">
                  <div className="skeleton skeleton--line w-75 mb-2" />
                  <div className="skeleton skeleton--line w-50" />
                </div>
              </div>
            </div>
          ))}
        </div>
      ) : (
        <ul className="list-unstyled mb-0" aria-hidden="true">
          {items.map((index) => (
            <li className="d-flex align-items-center gap-3 p-3 border-bottom" key={index}>
              <div className="skeleton skeleton--avatar flex-shrink-0" />
              <div className="flex-grow-1">
                <div className="skeleton skeleton--line w-50 mb-2" />
                <div className="skeleton skeleton--line w-75" />
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A list page's placeholder while the router loads it: a heading's worth of space, then the list. */
export function PageSkeleton({ kind }: { kind: 'cards' | 'rows' }) {
  return (
    <div className="container py-4" data-testid="page-skeleton">
      <div className="skeleton skeleton--heading mb-4" aria-hidden="true" />
      <ListSkeleton kind={kind} />
    </div>
  );
}
