import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useLoaderData } from 'react-router';
import type { EnrolmentConfirmResponse, EnrolmentResponse, InvitationResponse } from '../../../contract/admin/staff';
import type { z } from 'zod';
import { RecoveryCodesNotice, TotpSetupForm } from '../../components/admin/TotpSetupForm';
import { FormAlert } from '../../components/ui/FormAlert';
import { TextField } from '../../components/ui/TextField';
import { api } from '../../lib/api-client';
import { useApiAction } from '../../lib/use-api-action';
import type { Route } from './+types/enrol';

export async function loader({ url, context }: Route.LoaderArgs) {
  const token = url.searchParams.get('token') ?? '';
  const invitation = await context.adminGet<z.infer<typeof InvitationResponse>>(`/api/admin/invitation?token=${encodeURIComponent(token)}`);
  return { token, invitation: invitation.status === 200 ? invitation.body : null };
}

/**
 * `/admin/enrol?token=…` — the invitation's three steps: name and password; the TOTP key as a QR
 * code and a first code from the app; the recovery codes, shown this once. Then the console opens.
 */
export default function Enrol() {
  const { t } = useTranslation();
  const { token, invitation } = useLoaderData<typeof loader>();
  const [name, setName] = useState(invitation?.name ?? '');
  const [password, setPassword] = useState('');
  const [secret, setSecret] = useState<z.infer<typeof EnrolmentResponse> | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const start = useApiAction(() =>
    api<z.infer<typeof EnrolmentResponse>>('/api/admin/invitation', { method: 'POST', body: { token, name, password }, retries: 0 }),
  );
  const confirm = useApiAction((code: string) =>
    api<z.infer<typeof EnrolmentConfirmResponse>>('/api/admin/invitation/confirm', { method: 'POST', body: { token, code }, retries: 0 }),
  );

  if (!invitation) {
    return (
      <main className="container py-5" id="main" style={{ maxWidth: 520 }}>
        <h1 className="h4">{t('enrol.title')}</h1>
        <p className="alert alert-warning">{t('enrol.invalid_link')}</p>
      </main>
    );
  }

  const submitPassword = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await start.run();
    if (answer) setSecret(answer);
  };
  const submitCode = async (code: string) => {
    const answer = await confirm.run(code);
    if (answer) setCodes(answer.recovery_codes);
  };

  return (
    <main className="container py-5" id="main" style={{ maxWidth: 520 }}>
      <p className="text-body-secondary small mb-1">{t('brand')}</p>
      {codes ? (
        <RecoveryCodesNotice codes={codes} />
      ) : secret ? (
        <TotpSetupForm
          title={t('enrol.scan_title')}
          intro={t('enrol.scan_intro')}
          setup={secret}
          pending={confirm.pending}
          error={confirm.error}
          fieldError={confirm.fieldError}
          onSubmit={(code) => void submitCode(code)}
        />
      ) : (
        <form onSubmit={submitPassword} noValidate>
          <h1 className="h4">{t('enrol.title')}</h1>
          <p>{t('enrol.invited_as', { role: t(`roles.${invitation.role}`), email: invitation.email })}</p>
          <FormAlert error={start.error} fields={['name', 'password', 'body.name', 'body.password']} />
          <TextField
            label={t('enrol.name')}
            autoComplete="name"
            required
            value={name}
            error={start.fieldError('body.name')}
            onChange={(event) => setName(event.target.value)}
          />
          <TextField
            label={t('enrol.password')}
            type="password"
            autoComplete="new-password"
            required
            hint={t('enrol.password_hint')}
            value={password}
            error={start.fieldError('password') ?? start.fieldError('body.password')}
            onChange={(event) => setPassword(event.target.value)}
          />
          <button type="submit" className="btn btn-primary w-100" disabled={start.pending}>
            {t('enrol.continue')}
          </button>
        </form>
      )}
    </main>
  );
}
