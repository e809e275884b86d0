import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useRevalidator } from 'react-router';
import type { z } from 'zod';
import type { EnrolmentConfirmResponse, EnrolmentResponse } from '../../../contract/admin/staff';
import { api } from '../../lib/api-client';
import { useApiAction } from '../../lib/use-api-action';
import { FormAlert } from '../ui/FormAlert';
import { RecoveryCodesNotice, TotpSetupForm } from './TotpSetupForm';

/**
 * The sign-in step after an owner reset this person's second factor: the password is done, and a
 * new authenticator app is set up exactly as at the invitation; its first code opens the console
 * and the new recovery codes are shown once.
 */
export function StaffSecondFactorSetup({ onStartOver }: { onStartOver: () => void }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [setup, setSetup] = useState<z.infer<typeof EnrolmentResponse> | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const begin = useApiAction(() => api<z.infer<typeof EnrolmentResponse>>('/api/admin/session/two-factor', { method: 'POST', body: {}, retries: 0 }));
  const confirm = useApiAction((code: string) =>
    api<z.infer<typeof EnrolmentConfirmResponse>>('/api/admin/session/two-factor/confirm', { method: 'POST', body: { code }, retries: 0 }),
  );
  // One new key per visit of this step: each request replaces the key, so it must not repeat.
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    void begin.run().then((answer) => answer && setSetup(answer));
  }, [begin]);

  if (codes) return <RecoveryCodesNotice codes={codes} onDone={() => void revalidator.revalidate()} />;
  return (
    <>
      <FormAlert error={begin.error} />
      {setup && (
        <TotpSetupForm
          title={t('sign_in.setup_title')}
          intro={t('sign_in.setup_intro')}
          setup={setup}
          pending={confirm.pending}
          error={confirm.error}
          fieldError={confirm.fieldError}
          onSubmit={(code) => void confirm.run(code).then((answer) => answer && setCodes(answer.recovery_codes))}
        />
      )}
      <button type="button" className="btn btn-outline-secondary w-100 mt-2" onClick={onStartOver}>
        {t('sign_in.start_over')}
      </button>
    </>
  );
}
