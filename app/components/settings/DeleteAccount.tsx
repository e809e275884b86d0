import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useNavigate } from 'react-router';
import { DELETION_REASONS } from '../../../contract/accounts';
import { api } from '../../lib/api-client';
import { useApiAction } from '../../lib/use-api-action';
import { FormAlert } from '../ui/FormAlert';
import { TextField } from '../ui/TextField';
import { DeletionOffers } from './DeletionOffers';
import { SettingsSection } from './SettingsSection';

/**
 * Leaving, in two steps (spec §2): first the alternatives that solve the usual reasons for
 * leaving, then the reason and the password.
 */
export function DeleteAccount({ onShowAlternative }: { onShowAlternative: (section: 'email' | 'privacy') => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [step, setStep] = useState<'closed' | 'alternatives' | 'confirm'>('closed');
  const [reason, setReason] = useState<(typeof DELETION_REASONS)[number] | ''>('');
  const [details, setDetails] = useState('');
  const [password, setPassword] = useState('');
  const remove = useApiAction(() => api('account.php', { method: 'DELETE', body: { reason, details: details || undefined, password } }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if ((await remove.run()) !== undefined) navigate('/account-deleted', { replace: true });
  };

  return (
    <SettingsSection id="delete" title={t('deletion.title')}>
      {step === 'closed' && (
        <button type="button" className="btn btn-outline-danger" onClick={() => setStep('alternatives')}>
          {t('deletion.start')}
        </button>
      )}
      {step === 'alternatives' && (
        <>
          <p>{t('deletion.alternatives_intro')}</p>
          <ul className="list-unstyled d-grid gap-2">
            <li>
              <button type="button" className="btn btn-outline-secondary w-100 text-start" onClick={() => onShowAlternative('email')}>
                {t('deletion.alternative_email')}
              </button>
            </li>
            <li>
              <button type="button" className="btn btn-outline-secondary w-100 text-start" onClick={() => onShowAlternative('privacy')}>
                {t('deletion.alternative_privacy')}
              </button>
            </li>
            <DeletionOffers />
          </ul>
          <button type="button" className="btn btn-link text-danger px-0" onClick={() => setStep('confirm')}>
            {t('deletion.continue')}
          </button>
        </>
      )}
      {step === 'confirm' && (
        <form onSubmit={submit} noValidate>
          <fieldset className="mb-3">
            <legend className="form-label fs-6">{t('deletion.reason_label')}</legend>
            {DELETION_REASONS.map((value) => (
              <div className="form-check" key={value}>
                <input
                  className="form-check-input"
                  type="radio"
                  name="reason"
                  id={`reason-${value}`}
                  checked={reason === value}
                  onChange={() => setReason(value)}
                />
                <label className="form-check-label" htmlFor={`reason-${value}`}>
                  {t(`deletion.reasons.${value}`)}
                </label>
              </div>
            ))}
          </fieldset>
          <div className="mb-3">
            <label className="form-label" htmlFor="deletion-details">
              {t('deletion.details_label')}
            </label>
            <textarea id="deletion-details" className="form-control" rows={2} maxLength={1000} value={details} onChange={(e) => setDetails(e.target.value)} />
          </div>
          <TextField
            label={t('settings.current_password')}
            type="password"
            autoComplete="current-password"
            value={password}
            error={remove.fieldError('password')}
            onChange={(e) => setPassword(e.target.value)}
          />
          <FormAlert error={remove.error} fields={['password']} />
          <button type="submit" className="btn btn-danger" disabled={!reason || remove.pending}>
            {t('deletion.confirm')}
          </button>
        </form>
      )}
    </SettingsSection>
  );
}
