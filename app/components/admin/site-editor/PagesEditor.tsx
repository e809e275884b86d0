import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { CUSTOM_PAGE_TOKEN, type AdminSite } from '../../../../contract/admin/sites';
import { SafeMarkdown } from '../../SafeMarkdown';
import { problemOf, useSiteDraft } from './SiteFields';

type Pages = AdminSite['custom_pages'];

/** The built-in legal pages a site's own text replaces (the complaints form has its own route). */
const REPLACEABLE_LEGAL_PAGES = ['terms', 'privacy', 'cookies', 'return-policy', 'ban', 'faq', 'service'] as const;
const isReplacedLegalPage = (token: string) => (REPLACEABLE_LEGAL_PAGES as readonly string[]).includes(token);

/** One tap to write (or reopen) the site's own version of a built-in legal page. */
function LegalPageShortcuts({ pages, onOpen }: { pages: Pages; onOpen: (token: string) => void }) {
  const { t } = useTranslation();
  return (
    <div className="d-flex flex-wrap gap-2 align-items-center mb-3" role="group" aria-label={t('pages.legal_list')}>
      <span className="small text-body-secondary">{t('pages.legal_list')}:</span>
      {REPLACEABLE_LEGAL_PAGES.map((token) => (
        <button key={token} type="button" className="btn btn-sm btn-outline-secondary" onClick={() => onOpen(token)}>
          {token in pages ? t('pages.legal_edit', { token }) : t('pages.legal_write', { token })}
        </button>
      ))}
    </div>
  );
}

/**
 * The site's extra pages at /pages/{token}: title and Markdown, with a live preview rendered by
 * the same component members see (no raw HTML gets through), and a link to the saved page.
 * Pages are saved with the site's other settings.
 */
export function PagesEditor({ savedPages, siteUrl }: { savedPages: Pages; siteUrl: string }) {
  const { t } = useTranslation();
  const { draft, set, error } = useSiteDraft();
  const pages = draft.custom_pages;
  const tokens = Object.keys(pages).sort();
  const [current, setCurrent] = useState<string | null>(tokens[0] ?? null);
  const [newToken, setNewToken] = useState('');
  const newTokenValid = CUSTOM_PAGE_TOKEN.test(newToken) && !(newToken in pages);
  const page = current && pages[current] ? pages[current] : null;
  const setPage = (token: string, change: Partial<Pages[string]>) => set('custom_pages', { ...pages, [token]: { ...pages[token], ...change } });
  const problem = problemOf(error, 'custom_pages');

  return (
    <>
      <p className="text-body-secondary">{t('pages.intro')}</p>
      <div className="d-flex flex-wrap gap-2 mb-3" role="group" aria-label={t('pages.list')}>
        {tokens.map((token) => (
          <button
            key={token}
            type="button"
            className={`btn btn-sm ${token === current ? 'btn-primary' : 'btn-outline-primary'}`}
            aria-pressed={token === current}
            onClick={() => setCurrent(token)}
          >
            {token}
          </button>
        ))}
      </div>
      <div className="d-flex flex-wrap gap-2 align-items-end mb-3">
        <div>
          <label className="form-label small mb-1" htmlFor="new-page-token">
            {t('pages.new_token')}
          </label>
          <input
            id="new-page-token"
            className="form-control form-control-sm"
            value={newToken}
            aria-describedby="new-page-token-hint"
            onChange={(event) => setNewToken(event.target.value.trim().toLowerCase())}
          />
        </div>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          disabled={!newTokenValid}
          onClick={() => {
            set('custom_pages', { ...pages, [newToken]: { title: '', markdown: '' } });
            setCurrent(newToken);
            setNewToken('');
          }}
        >
          {t('pages.add')}
        </button>
        <div className="form-text w-100 mt-0" id="new-page-token-hint">
          {t('pages.token_hint')}
        </div>
      </div>
      <LegalPageShortcuts
        pages={pages}
        onOpen={(token) => {
          if (!(token in pages)) set('custom_pages', { ...pages, [token]: { title: '', markdown: '' } });
          setCurrent(token);
        }}
      />
      {problem && <div className="alert alert-danger">{problem}</div>}
      {current && isReplacedLegalPage(current) && <p className="alert alert-info py-2">{t('pages.replaces_built_in', { token: current })}</p>}
      {page && current && (
        <div className="row g-3">
          <div className="col-12 col-lg-6">
            <div className="mb-3">
              <label className="form-label" htmlFor="page-title">
                {t('pages.title_label')}
              </label>
              <input id="page-title" className="form-control" value={page.title} onChange={(event) => setPage(current, { title: event.target.value })} />
            </div>
            <div className="mb-3">
              <label className="form-label" htmlFor="page-markdown">
                {t('pages.markdown_label')}
              </label>
              <textarea
                id="page-markdown"
                className="form-control font-monospace"
                rows={14}
                value={page.markdown}
                aria-describedby="page-markdown-hint"
                onChange={(event) => setPage(current, { markdown: event.target.value })}
              />
              <div className="form-text" id="page-markdown-hint">
                {t('pages.markdown_hint')}
              </div>
            </div>
            <div className="d-flex flex-wrap gap-3 align-items-center">
              {current in savedPages && (
                <a href={`${siteUrl}/pages/${current}`} target="_blank" rel="noopener noreferrer">
                  {t('pages.open_saved')}
                </a>
              )}
              <button
                type="button"
                className="btn btn-sm btn-outline-danger"
                onClick={() => {
                  const { [current]: _removed, ...rest } = pages;
                  set('custom_pages', rest);
                  setCurrent(Object.keys(rest).sort()[0] ?? null);
                }}
              >
                {t('pages.remove')}
              </button>
            </div>
          </div>
          <section className="col-12 col-lg-6" aria-labelledby="page-preview-heading">
            <h2 className="h6 text-body-secondary" id="page-preview-heading">
              {t('pages.preview')}
            </h2>
            <div className="border rounded p-3 bg-body text-break" data-testid="page-preview">
              <h3 className="h4">{page.title}</h3>
              <SafeMarkdown source={page.markdown} />
            </div>
          </section>
        </div>
      )}
    </>
  );
}
