import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useLoaderData } from 'react-router';
import { Link } from '../../components/ui/links';
import { FormAlert } from '../../components/ui/FormAlert';
import { TextField } from '../../components/ui/TextField';
import { api } from '../../lib/api-client';
import { useApiAction } from '../../lib/use-api-action';
import type { Route } from './+types/reset-password-do';

export async function loader({ url, context }: Route.LoaderArgs) {
  const token = url.searchParams.get('token') ?? '';
  return { token, isLive: token.length >= 10 && (await context.isResetLinkLive(token)) };
}

/** `/reset-password/do?token=` — the page the reset mail links to. */
export default function ResetPasswordDo() {
  const { t } = useTranslation();
  const { token, isLive } = useLoaderData<typeof loader>();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [done, setDone] = useState(false);
  const reset = useApiAction(() => api('password-reset.php', { method: 'PUT', body: { token, password, password_confirm: confirm } }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if ((await reset.run()) !== undefined) setDone(true);
  };

  return (
    <div className="container py-5" style={{ maxWidth: 480 }}>
      <h1 className="h3 mb-3">{t('reset.new_title')}</h1>
      {!isLive ? (
        <div className="alert alert-warning" role="alert">
          {t('errors.link_invalid')} <Link to="/reset-password">{t('reset.request_again')}</Link>
        </div>
      ) : done ? (
        <div className="alert alert-success" role="status">
          {t('reset.done')} <Link to="/login">{t('nav.login')}</Link>
        </div>
      ) : (
        <form onSubmit={submit} noValidate>
          <FormAlert error={reset.error} fields={['password', 'password_confirm']} />
          <TextField
            label={t('reset.new_password')}
            type="password"
            autoComplete="new-password"
            value={password}
            error={reset.fieldError('password')}
            onChange={(e) => setPassword(e.target.value)}
          />
          <TextField
            label={t('reset.repeat_password')}
            type="password"
            autoComplete="new-password"
            value={confirm}
            error={reset.fieldError('password_confirm')}
            onChange={(e) => setConfirm(e.target.value)}
          />
          <button type="submit" className="btn btn-primary w-100" disabled={reset.pending}>
            {t('reset.save')}
          </button>
        </form>
      )}
    </div>
  );
}
