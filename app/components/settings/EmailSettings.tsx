import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { api } from '../../lib/api-client';
import { useApiAction } from '../../lib/use-api-action';
import { EmailSuggestion } from '../ui/EmailSuggestion';
import { FormAlert } from '../ui/FormAlert';
import { TextField } from '../ui/TextField';
import { SettingsSection } from './SettingsSection';

/** Changing the e-mail address; it changes once the new mailbox confirms. */
export function EmailSettings({ email }: { email: string }) {
  const { t } = useTranslation();
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = useApiAction(() => api('mail-change.php', { method: 'POST', body: { email: newEmail, password } }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if ((await request.run()) !== undefined) {
      setSentTo(newEmail);
      setPassword('');
    }
  };

  return (
    <SettingsSection id="email" title={t('settings.email_title')}>
      <p>{t('settings.email_current', { email })}</p>
      {sentTo && (
        <div className="alert alert-success" role="status">
          {t('settings.email_sent', { email: sentTo })}
        </div>
      )}
      <form onSubmit={submit} noValidate>
        <FormAlert error={request.error} fields={['email', 'password']} />
        <TextField
          label={t('settings.new_email')}
          type="email"
          autoComplete="email"
          value={newEmail}
          error={request.fieldError('email')}
          onChange={(e) => setNewEmail(e.target.value)}
        />
        <EmailSuggestion email={newEmail} fromServer={request.error?.body.suggestion} onAccept={setNewEmail} />
        <TextField
          label={t('settings.current_password')}
          type="password"
          autoComplete="current-password"
          value={password}
          error={request.fieldError('password')}
          onChange={(e) => setPassword(e.target.value)}
        />
        <button type="submit" className="btn btn-primary" disabled={request.pending}>
          {t('settings.email_submit')}
        </button>
      </form>
    </SettingsSection>
  );
}
