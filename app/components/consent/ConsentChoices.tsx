import { useId } from 'react';
import { useTranslation } from '../../lib/use-translation';

export interface ConsentDraft {
  statistics: boolean;
  marketing: boolean;
}

/** The three categories as switches; necessary is always on and cannot be switched off. */
export function ConsentChoices({ draft, onChange }: { draft: ConsentDraft; onChange: (draft: ConsentDraft) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const rows = [
    { key: 'necessary', checked: true, disabled: true },
    { key: 'statistics', checked: draft.statistics, disabled: false },
    { key: 'marketing', checked: draft.marketing, disabled: false },
  ] as const;
  return (
    <fieldset className="consent-choices">
      <legend className="visually-hidden">{t('consent.categories')}</legend>
      {rows.map((row) => (
        <div className="form-check form-switch mb-2" key={row.key}>
          <input
            className="form-check-input"
            type="checkbox"
            role="switch"
            id={`${id}-${row.key}`}
            name={row.key}
            checked={row.checked}
            disabled={row.disabled}
            aria-describedby={`${id}-${row.key}-text`}
            onChange={(event) => onChange({ ...draft, [row.key]: event.target.checked })}
          />
          <label className="form-check-label fw-semibold" htmlFor={`${id}-${row.key}`}>
            {t(`consent.${row.key}`)}
            {row.disabled && <span className="fw-normal"> ({t('consent.always_on')})</span>}
          </label>
          <div className="form-text mt-0" id={`${id}-${row.key}-text`}>
            {t(`consent.${row.key}_text`)}
          </div>
        </div>
      ))}
    </fieldset>
  );
}
