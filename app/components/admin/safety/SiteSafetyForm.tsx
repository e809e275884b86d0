import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { SiteSafetySettings } from '../../../../contract/admin/safety';
import { MESSAGE_SAFETY_POLICIES, type MessageSafetyPolicy } from '../../../../contract/safety';
import { api } from '../../../lib/api-client';
import { useApiAction } from '../../../lib/use-api-action';

/** A site's choices: hold profile texts with contact details for review; ask or block such messages. */
export function SiteSafetyForm({
  siteId,
  settings,
  editable,
  onSaved,
}: {
  siteId: number;
  settings: SiteSafetySettings;
  editable: boolean;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState(settings);
  const [saved, setSaved] = useState(false);
  const save = useApiAction((body: SiteSafetySettings) => api<SiteSafetySettings>(`/api/admin/sites/${siteId}/safety`, { method: 'PUT', body, retries: 0 }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if ((await save.run(values)) !== undefined) {
      setSaved(true);
      onSaved();
    }
  };
  return (
    <form className="card card-body mb-4" onSubmit={submit} aria-labelledby="safety-settings-title">
      <h2 className="h5" id="safety-settings-title">
        {t('safety.settings_title')}
      </h2>
      {save.error && (
        <p className="alert alert-danger py-2" role="alert">
          {save.error.message}
        </p>
      )}
      {saved && (
        <p className="text-success" role="status">
          {t('safety.settings_saved')}
        </p>
      )}
      <div className="form-check mb-2">
        <input
          id="safety-hold-texts"
          type="checkbox"
          className="form-check-input"
          checked={values.hold_contact_texts}
          disabled={!editable}
          onChange={(event) => setValues({ ...values, hold_contact_texts: event.target.checked })}
        />
        <label className="form-check-label" htmlFor="safety-hold-texts">
          {t('safety.hold_texts')}
        </label>
      </div>
      <div className="mb-2" style={{ maxWidth: 480 }}>
        <label className="form-label" htmlFor="safety-message-policy">
          {t('safety.message_policy')}
        </label>
        <select
          id="safety-message-policy"
          className="form-select"
          value={values.message_policy}
          disabled={!editable}
          onChange={(event) => setValues({ ...values, message_policy: event.target.value as MessageSafetyPolicy })}
        >
          {MESSAGE_SAFETY_POLICIES.map((option) => (
            <option key={option} value={option}>
              {t(`safety.policies.${option}`)}
            </option>
          ))}
        </select>
      </div>
      {editable && (
        <div>
          <button type="submit" className="btn btn-primary" disabled={save.pending}>
            {t('safety.save_settings')}
          </button>
        </div>
      )}
    </form>
  );
}
