import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { SafetyRuleEntry } from '../../../../contract/admin/safety';
import { LANGUAGE_NAMES } from '../../../../contract/locales';
import { SAFETY_CATEGORIES, type SafetyCategory } from '../../../../contract/safety';
import { api } from '../../../lib/api-client';
import { useApiAction } from '../../../lib/use-api-action';

/** The live entries, one category at a time; each can be removed (built-in ones too). */
export function SafetyRuleTable({ entries, sites, onRemoved }: { entries: SafetyRuleEntry[]; sites: { id: number; name: string }[]; onRemoved: () => void }) {
  const { t } = useTranslation();
  const [category, setCategory] = useState<SafetyCategory>('messenger');
  const remove = useApiAction((id: number) => api(`/api/admin/safety-rules/${id}`, { method: 'DELETE', retries: 0 }));
  const shown = entries.filter((entry) => entry.category === category);
  const siteName = (id: number | null) => (id === null ? t('safety.every_site') : (sites.find((site) => site.id === id)?.name ?? `#${id}`));
  const removeEntry = async (entry: SafetyRuleEntry) => {
    if (!window.confirm(t('safety.remove_confirm', { value: entry.value }))) return;
    if ((await remove.run(entry.id)) !== undefined) onRemoved();
  };
  return (
    <section aria-labelledby="safety-list-title">
      <h2 className="h5" id="safety-list-title">
        {t('safety.list_title')}
      </h2>
      <ul className="nav nav-pills flex-wrap gap-1 mb-3">
        {SAFETY_CATEGORIES.map((option) => (
          <li className="nav-item" key={option}>
            <button
              type="button"
              className={`nav-link py-1 ${option === category ? 'active' : ''}`}
              aria-pressed={option === category}
              onClick={() => setCategory(option)}
            >
              {t(`safety.categories.${option}`)} ({entries.filter((entry) => entry.category === option).length})
            </button>
          </li>
        ))}
      </ul>
      {remove.error && (
        <p className="alert alert-danger py-2" role="alert">
          {remove.error.message}
        </p>
      )}
      {shown.length === 0 ? (
        <p>{t('safety.empty')}</p>
      ) : (
        <div className="table-responsive">
          <table className="table table-sm align-middle">
            <thead>
              <tr>
                <th scope="col">{t('safety.value')}</th>
                <th scope="col">{t('safety.kind')}</th>
                <th scope="col">{t('safety.language')}</th>
                <th scope="col">{t('safety.site')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('safety.remove')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((entry) => (
                <tr key={entry.id} data-testid="safety-rule">
                  <td style={{ overflowWrap: 'anywhere' }}>
                    {entry.value} {entry.builtin && <span className="badge text-bg-light border">{t('safety.builtin')}</span>}
                  </td>
                  <td>{t(`safety.kinds.${entry.kind}`)}</td>
                  <td>{entry.language ? LANGUAGE_NAMES[entry.language] : t('safety.every_language')}</td>
                  <td>{siteName(entry.site_id)}</td>
                  <td className="text-end">
                    <button type="button" className="btn btn-sm btn-outline-danger" disabled={remove.pending} onClick={() => void removeEntry(entry)}>
                      {t('safety.remove')}
                      <span className="visually-hidden"> {entry.value}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
