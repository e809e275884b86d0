import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { redirect, useNavigate, useRevalidator, useSearchParams } from 'react-router';
import { Link } from '../../components/ui/links';
import type { User } from '../../../contract/accounts';
import { FormAlert } from '../../components/ui/FormAlert';
import { TextField } from '../../components/ui/TextField';
import { api } from '../../lib/api-client';
import { useApiAction } from '../../lib/use-api-action';
import type { Route } from './+types/login';

/** A signed-in member has nothing to do here: on to the members area, as after a log-in. */
export function loader({ context }: Route.LoaderArgs) {
  if (context.user) throw redirect('/members');
  return null;
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: matches[0]?.data?.settings.name ?? '' }];
}

/** `/login` — members land on /members afterwards (spec §2). */
export default function Login() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const login = useApiAction((body: { email: string; password: string }) => api<{ user: User }>('user.php', { method: 'POST', body }));
  // Spec §4 reactivation: the right password during the 14 days offers the restore right here.
  const restore = useApiAction(() => api('account-restore.php', { method: 'POST' }));
  // A banned account (issue 16) sees the spec's access-ban page, not a form error.
  const banned = login.error?.code === 'account_banned';
  useEffect(() => {
    if (banned) navigate('/pages/ban');
  }, [banned, navigate]);
  const enter = async () => {
    // Refreshes who is signed in. This page's loader sends a signed-in member on to /members, so
    // the revalidation usually lands there itself: navigating there again loaded the search page
    // twice (two `.data` requests, then two searches).
    await revalidator.revalidate();
    if (window.location.pathname === '/login') navigate('/members');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    restore.clearError();
    if (await login.run({ email, password })) await enter();
  };

  return (
    <div className="container py-5" style={{ maxWidth: 480 }}>
      <h1 className="h3 mb-4">{t('login.title')}</h1>
      {params.get('reactivated') && (
        <div className="alert alert-success" role="status">
          {t('login.reactivated')}
        </div>
      )}
      {login.error?.code === 'account_pending_deletion' && !restore.error ? (
        <div className="alert alert-warning" role="alert">
          <p>{login.error.message}</p>
          <button
            type="button"
            className="btn btn-primary"
            disabled={restore.pending}
            onClick={async () => (await restore.run()) !== undefined && (await enter())}
          >
            {t('login.restore')}
          </button>
        </div>
      ) : (
        <FormAlert error={restore.error ?? login.error} />
      )}
      <form onSubmit={submit} noValidate>
        <TextField
          label={t('login.email')}
          type="email"
          name="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <TextField
          label={t('login.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <button type="submit" className="btn btn-primary w-100" disabled={login.pending}>
          {t('login.submit')}
        </button>
      </form>
      <div className="d-flex justify-content-between mt-3">
        <Link to="/reset-password">{t('login.forgot')}</Link>
        <Link to="/signup">{t('login.signup')}</Link>
      </div>
    </div>
  );
}
