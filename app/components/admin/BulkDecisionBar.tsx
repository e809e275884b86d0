import { useId, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';

/**
 * One decision for every ticked item of a queue (issue 32): the positive one (approve, keep) or
 * the negative one with a reason the members are told. Disabled while nothing is ticked.
 */
export function BulkDecisionBar({
  count,
  positiveLabel,
  negativeLabel,
  reasons,
  pending,
  onDecide,
}: {
  count: number;
  positiveLabel: string;
  negativeLabel: string;
  reasons: { value: string; label: string }[];
  pending: boolean;
  onDecide: (positive: boolean, reason: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [reason, setReason] = useState(reasons[0]?.value ?? '');
  return (
    <div
      className="d-flex flex-wrap align-items-end gap-2 border rounded p-2 mb-3"
      role="group"
      aria-label={t('moderation_bulk.label')}
      data-testid="bulk-decision"
    >
      <span className="small text-body-secondary me-2">{t('moderation_bulk.selected', { count })}</span>
      <button type="button" className="btn btn-sm btn-success" disabled={!count || pending} onClick={() => onDecide(true, reason)}>
        {positiveLabel}
      </button>
      <label className="small" htmlFor={id}>
        <span className="d-block">{t('moderation_bulk.reason')}</span>
        <select id={id} className="form-select form-select-sm" value={reason} onChange={(event) => setReason(event.target.value)}>
          {reasons.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="btn btn-sm btn-outline-danger" disabled={!count || pending} onClick={() => onDecide(false, reason)}>
        {negativeLabel}
      </button>
    </div>
  );
}
