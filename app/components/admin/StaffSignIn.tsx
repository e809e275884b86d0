import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useRevalidator } from 'react-router';
import type { z } from 'zod';
import type { StaffSessionResponse } from '../../../contract/admin/staff';
import { FormAlert } from '../ui/FormAlert';
import { StaffSecondFactorSetup } from './StaffSecondFactorSetup';
import { TextField } from '../ui/TextField';
import { api } from '../../lib/api-client';
import { useApiAction } from '../../lib/use-api-action';

type Step = 'password' | 'code' | 'setup';

/**
 * The console's sign-in: e-mail and password, then the authenticator's code (or a recovery code),
 * or, after an owner reset the second factor, setting up a new authenticator app.
 */
export function StaffSignIn() {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [step, setStep] = useState<Step>('password');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const signIn = useApiAction(() => api<z.infer<typeof StaffSessionResponse>>('/api/admin/session', { method: 'POST', body: { email, password }, retries: 0 }));
  const verify = useApiAction(() => api('/api/admin/session/second-factor', { method: 'POST', body: { code }, retries: 0 }));

  const submitPassword = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await signIn.run();
    if (answer) {
      setPassword('');
      // After an owner reset the second factor, a new authenticator app is set up first.
      setStep(answer.step === 'enrol_second_factor' ? 'setup' : 'code');
    }
  };
  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    // Signed in: the layout's loader runs again and shows the console around this page.
    if ((await verify.run()) !== undefined) await revalidator.revalidate();
  };

  return (
    <main className="admin-sign-in container py-5" id="main">
      <div className="card shadow-sm mx-auto" style={{ maxWidth: 420 }}>
        <div className="card-body p-4">
          <p className="text-body-secondary small mb-1">{t('brand')}</p>
          {step === 'setup' ? (
            <StaffSecondFactorSetup onStartOver={() => setStep('password')} />
          ) : step === 'password' ? (
            <form onSubmit={submitPassword} noValidate>
              <h1 className="h4 mb-2">{t('sign_in.title')}</h1>
              <p className="small text-body-secondary">{t('sign_in.intro')}</p>
              <FormAlert error={signIn.error} />
              <TextField
                label={t('sign_in.email')}
                type="email"
                autoComplete="username"
                required
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
              <TextField
                label={t('sign_in.password')}
                type="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
              <button type="submit" className="btn btn-primary w-100" disabled={signIn.pending}>
                {t('sign_in.submit')}
              </button>
            </form>
          ) : (
            <form onSubmit={submitCode} noValidate>
              <h1 className="h4 mb-2">{t('sign_in.code_title')}</h1>
              <p className="small text-body-secondary">{t('sign_in.code_intro')}</p>
              <FormAlert error={verify.error} />
              <TextField
                label={t('sign_in.code')}
                inputMode="text"
                autoComplete="one-time-code"
                required
                value={code}
                onChange={(event) => setCode(event.target.value)}
                autoFocus
              />
              <button type="submit" className="btn btn-primary w-100" disabled={verify.pending}>
                {t('sign_in.verify')}
              </button>
              <button type="button" className="btn btn-outline-secondary w-100 mt-2" onClick={() => setStep('password')}>
                {t('sign_in.start_over')}
              </button>
            </form>
          )}
        </div>
      </div>
    </main>
  );
}
