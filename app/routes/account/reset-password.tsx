import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { FormAlert } from '../../components/ui/FormAlert';
import { TextField } from '../../components/ui/TextField';
import { api } from '../../lib/api-client';
import { useApiAction } from '../../lib/use-api-action';

/** `/reset-password` — asks for the address to mail a reset link to. */
export default function ResetPassword() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = useApiAction((address: string) => api('password-reset.php', { method: 'POST', body: { email: address } }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if ((await request.run(email)) !== undefined) setSentTo(email);
  };

  return (
    <div className="container py-5" style={{ maxWidth: 480 }}>
      <h1 className="h3 mb-3">{t('reset.title')}</h1>
      {sentTo ? (
        <div className="alert alert-success" role="status">
          {t('reset.sent', { email: sentTo })}
        </div>
      ) : (
        <form onSubmit={submit} noValidate>
          <p>{t('reset.intro')}</p>
          <FormAlert error={request.error} />
          <TextField label={t('login.email')} type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
          <button type="submit" className="btn btn-primary w-100" disabled={request.pending}>
            {t('reset.submit')}
          </button>
        </form>
      )}
    </div>
  );
}
