import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { NewSafetyRuleInput } from '../../../../contract/admin/safety';
import { SUPPORTED_LANGUAGES, LANGUAGE_NAMES, type Language } from '../../../../contract/locales';
import { PATTERN_HELP, SAFETY_CATEGORIES, SAFETY_RULE_KINDS, type SafetyCategory, type SafetyRuleKind } from '../../../../contract/safety';
import { api } from '../../../lib/api-client';
import { useApiAction } from '../../../lib/use-api-action';

/** Adds one entry to a list: for the site chosen above (or every site), one language or all. */
export function SafetyRuleForm({ siteId, onAdded }: { siteId: number | null; onAdded: () => void }) {
  const { t } = useTranslation();
  const [category, setCategory] = useState<SafetyCategory>('money');
  const [kind, setKind] = useState<SafetyRuleKind>('phrase');
  const [language, setLanguage] = useState<Language | ''>('');
  const [value, setValue] = useState('');
  const add = useApiAction((body: NewSafetyRuleInput) => api('/api/admin/safety-rules', { method: 'POST', body, retries: 0 }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const added = await add.run({ site_id: siteId, language: language || null, category, kind, value });
    if (added !== undefined) {
      setValue('');
      onAdded();
    }
  };
  return (
    <form className="card card-body mb-4" onSubmit={submit} aria-labelledby="safety-add-title">
      <h2 className="h5" id="safety-add-title">
        {siteId ? t('safety.add_title_site') : t('safety.add_title')}
      </h2>
      {add.error && (
        <p className="alert alert-danger py-2" role="alert">
          {add.error.message}
        </p>
      )}
      <div className="row g-2 align-items-end">
        <div className="col-sm-6 col-lg-2">
          <label className="form-label" htmlFor="safety-category">
            {t('safety.category')}
          </label>
          <select id="safety-category" className="form-select" value={category} onChange={(event) => setCategory(event.target.value as SafetyCategory)}>
            {SAFETY_CATEGORIES.map((option) => (
              <option key={option} value={option}>
                {t(`safety.categories.${option}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="col-sm-6 col-lg-2">
          <label className="form-label" htmlFor="safety-kind">
            {t('safety.kind')}
          </label>
          <select id="safety-kind" className="form-select" value={kind} onChange={(event) => setKind(event.target.value as SafetyRuleKind)}>
            {SAFETY_RULE_KINDS.map((option) => (
              <option key={option} value={option}>
                {t(`safety.kinds.${option}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="col-sm-6 col-lg-2">
          <label className="form-label" htmlFor="safety-language">
            {t('safety.language')}
          </label>
          <select id="safety-language" className="form-select" value={language} onChange={(event) => setLanguage(event.target.value as Language | '')}>
            <option value="">{t('safety.every_language')}</option>
            {SUPPORTED_LANGUAGES.map((option) => (
              <option key={option} value={option}>
                {LANGUAGE_NAMES[option]}
              </option>
            ))}
          </select>
        </div>
        <div className="col-sm-6 col-lg-4">
          <label className="form-label" htmlFor="safety-value">
            {t('safety.value')}
          </label>
          <input
            id="safety-value"
            className="form-control"
            maxLength={80}
            required
            value={value}
            aria-describedby="safety-value-help"
            onChange={(event) => setValue(event.target.value)}
          />
        </div>
        <div className="col-lg-2">
          <button type="submit" className="btn btn-primary w-100" disabled={add.pending || !value.trim()}>
            {t('safety.add')}
          </button>
        </div>
      </div>
      <p className="form-text mb-0" id="safety-value-help">
        {kind === 'pattern' ? PATTERN_HELP : t(`safety.kind_help.${kind}`)}
      </p>
    </form>
  );
}
