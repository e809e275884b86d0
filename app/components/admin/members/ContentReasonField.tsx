import { useId } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { PHOTO_REJECTION_REASONS, TEXT_REMOVAL_REASONS } from '../../../../contract/admin/moderation';

/** Why a live photo or text is taken down: the member reads this reason in their own language. */
export function ContentReasonField({ kind, value, onChange }: { kind: 'photo' | 'text'; value: string; onChange: (reason: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const reasons = kind === 'photo' ? PHOTO_REJECTION_REASONS : TEXT_REMOVAL_REASONS;
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>
        {t('member.removal_reason')}
      </label>
      <select id={id} className="form-select" value={value} onChange={(event) => onChange(event.target.value)}>
        {reasons.map((reason) => (
          <option key={reason} value={reason}>
            {kind === 'photo' ? t(`moderation.photo_reasons.${reason}`) : t(`moderation.text_reasons.${reason}`)}
          </option>
        ))}
      </select>
      <div className="form-text">{t('member.removal_hint')}</div>
    </div>
  );
}
