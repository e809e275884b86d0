import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { ApiError } from '../../../lib/api-client';
import { FormAlert } from '../../ui/FormAlert';

interface SmsCodeFormProps {
  sentTo: string;
  resent: boolean;
  onConfirm: (code: string) => void;
  onResend: () => void;
  onEditDetails: () => void;
  confirming: boolean;
  resending: boolean;
  confirmError: ApiError | null;
  resendError: ApiError | null;
}

/** The code texted to the account holder's mobile confirms the mandate; a new one can be asked for. */
export function SmsCodeForm(props: SmsCodeFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const error = missing ? t('directdebit.required') : props.confirmError?.fieldMessage('code');

  // The member's next move is typing the code: take them there (and back after a new code).
  useEffect(() => input.current?.focus(), [props.sentTo, props.resent]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setMissing(true);
      input.current?.focus();
      return;
    }
    props.onConfirm(code.trim());
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 className="h5" id={`${id}-title`}>
        {t('directdebit.code_title')}
      </h2>
      <p role="status" data-testid="directdebit-sms-sent">
        {props.resent ? t('directdebit.code_resent', { mobile: props.sentTo }) : t('directdebit.code_sent', { mobile: props.sentTo })}
      </p>
      <FormAlert error={props.confirmError} fields={['code']} />
      <FormAlert error={props.resendError} />
      <div className="mb-3">
        <label className="form-label" htmlFor={id}>
          {t('directdebit.code')}
        </label>
        <input
          ref={input}
          id={id}
          className={`form-control form-control-lg ${error ? 'is-invalid' : ''}`}
          style={{ maxWidth: '12rem', letterSpacing: '0.2em' }}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={10}
          value={code}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setMissing(false);
            setCode(event.target.value);
          }}
        />
        {error && (
          <div className="invalid-feedback" id={`${id}-error`}>
            {error}
          </div>
        )}
      </div>
      <div className="d-flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary flex-grow-1" disabled={props.confirming}>
          {t('directdebit.confirm')}
        </button>
        <button type="button" className="btn btn-outline-secondary" disabled={props.resending} onClick={props.onResend}>
          {t('directdebit.resend')}
        </button>
      </div>
      <button type="button" className="btn btn-link px-0 mt-2" onClick={props.onEditDetails}>
        {t('directdebit.edit_details')}
      </button>
    </form>
  );
}
