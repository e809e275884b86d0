import { useId } from 'react';
import { useTranslation } from '../../../lib/use-translation';

/** How long a suspension lasts, as the console offers it: a few common lengths, or until a date. */
export type SuspendLength = { days: 1 | 7 | 30 } | { date: string };

export const SUSPEND_PRESETS = [1, 7, 30] as const;

/** The request body's length: whole days from now, or the chosen date's start (UTC). */
export const suspendBody = (length: SuspendLength) => ('days' in length ? { days: length.days } : { until: `${length.date}T00:00:00Z` });

export const isSuspendLengthReady = (length: SuspendLength) => 'days' in length || /^\d{4}-\d{2}-\d{2}$/.test(length.date);

/** The length of a suspension: 1, 7 or 30 days, or until a date the operator picks. */
export function SuspendLengthField({ value, onChange }: { value: SuspendLength; onChange: (next: SuspendLength) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const custom = 'date' in value;
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6">{t('member.suspend_length')}</legend>
      {SUSPEND_PRESETS.map((days) => (
        <div className="form-check form-check-inline" key={days}>
          <input
            className="form-check-input"
            type="radio"
            name={`${id}-length`}
            id={`${id}-${days}`}
            checked={'days' in value && value.days === days}
            onChange={() => onChange({ days })}
          />
          <label className="form-check-label" htmlFor={`${id}-${days}`}>
            {t('member.suspend_days', { count: days })}
          </label>
        </div>
      ))}
      <div className="form-check form-check-inline">
        <input className="form-check-input" type="radio" name={`${id}-length`} id={`${id}-until`} checked={custom} onChange={() => onChange({ date: '' })} />
        <label className="form-check-label" htmlFor={`${id}-until`}>
          {t('member.suspend_until')}
        </label>
      </div>
      {custom && (
        <div className="mt-2">
          <label className="form-label" htmlFor={`${id}-date`}>
            {t('member.suspend_date')}
          </label>
          <input
            id={`${id}-date`}
            className="form-control"
            type="date"
            required
            value={value.date}
            onChange={(event) => onChange({ date: event.target.value })}
          />
        </div>
      )}
    </fieldset>
  );
}
