import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import type { z } from 'zod';
import type { EnrolmentResponse } from '../../../contract/admin/staff';
import type { ApiError } from '../../lib/api-client';
import { FormAlert } from '../ui/FormAlert';
import { TextField } from '../ui/TextField';

/**
 * Adding the console to an authenticator app: the key as a QR code and as text, and the first
 * code the app shows. Used by the invitation and by the sign-in after an owner reset the second factor.
 */
export function TotpSetupForm({
  title,
  intro,
  setup,
  pending,
  error,
  fieldError,
  onSubmit,
}: {
  title: string;
  intro: string;
  setup: z.infer<typeof EnrolmentResponse>;
  pending: boolean;
  error: ApiError | null;
  fieldError: (field: string) => string | undefined;
  onSubmit: (code: string) => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(code);
  };
  return (
    <form onSubmit={submit} noValidate>
      <h1 className="h4">{title}</h1>
      <p>{intro}</p>
      <img
        className="d-block mx-auto mb-3 border rounded"
        width={220}
        height={220}
        alt={t('enrol.qr_alt')}
        src={`data:image/svg+xml;base64,${btoa(setup.qr_svg)}`}
      />
      <p className="small mb-1">{t('enrol.manual')}</p>
      <p className="font-monospace user-select-all text-break" data-testid="totp-secret">
        {setup.secret}
      </p>
      <FormAlert error={error} fields={['code']} />
      <TextField
        label={t('enrol.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        required
        value={code}
        error={fieldError('code')}
        onChange={(event) => setCode(event.target.value)}
      />
      <button type="submit" className="btn btn-primary w-100" disabled={pending}>
        {t('enrol.confirm')}
      </button>
    </form>
  );
}

/** The ten recovery codes, shown this once, and the way into the console. */
export function RecoveryCodesNotice({ codes, onDone }: { codes: string[]; onDone?: () => void }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="codes-heading">
      <h1 className="h4" id="codes-heading">
        {t('enrol.codes_title')}
      </h1>
      <p>{t('enrol.codes_intro')}</p>
      <ul className="list-unstyled font-monospace fs-5 row row-cols-2 g-2 mb-4" data-testid="recovery-codes">
        {codes.map((entry) => (
          <li className="col" key={entry}>
            {entry}
          </li>
        ))}
      </ul>
      {onDone ? (
        <button type="button" className="btn btn-primary" onClick={onDone}>
          {t('enrol.codes_saved')}
        </button>
      ) : (
        <a className="btn btn-primary" href="/admin">
          {t('enrol.codes_saved')}
        </a>
      )}
    </section>
  );
}
