import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { api } from '../../lib/api-client';
import { useApiAction } from '../../lib/use-api-action';
import { showToast } from '../../state/toasts';
import { FormAlert } from '../ui/FormAlert';
import { TextField } from '../ui/TextField';
import { SettingsSection } from './SettingsSection';

const EMPTY = { old_password: '', new_password: '', new_password_confirm: '' };

/** Changing the password with the old one; other devices are logged out. */
export function PasswordSettings() {
  const { t } = useTranslation();
  const [values, setValues] = useState(EMPTY);
  const [saved, setSaved] = useState(false);
  const change = useApiAction(() => api('password.php', { method: 'PUT', body: values }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    if ((await change.run()) !== undefined) {
      setValues(EMPTY);
      setSaved(true);
      showToast(t('shell.saved'));
    }
  };
  const field = (name: keyof typeof EMPTY, autoComplete: string) => (
    <TextField
      label={t(`settings.${name}`)}
      type="password"
      autoComplete={autoComplete}
      value={values[name]}
      error={change.fieldError(name)}
      onChange={(e) => setValues({ ...values, [name]: e.target.value })}
    />
  );

  return (
    <SettingsSection id="password" title={t('settings.password_title')}>
      {saved && (
        <div className="alert alert-success" role="status">
          {t('settings.password_saved')}
        </div>
      )}
      <form onSubmit={submit} noValidate>
        <FormAlert error={change.error} fields={Object.keys(EMPTY)} />
        {field('old_password', 'current-password')}
        {field('new_password', 'new-password')}
        {field('new_password_confirm', 'new-password')}
        <button type="submit" className="btn btn-primary" disabled={change.pending}>
          {t('settings.password_submit')}
        </button>
      </form>
    </SettingsSection>
  );
}
