import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useLocation, useRevalidator } from 'react-router';
import { Link } from '../../ui/links';
import type { SignupInput, User } from '../../../../contract/accounts';
import { useRootData } from '../../../root';
import { api } from '../../../lib/api-client';
import { readTracking } from '../../../lib/tracking';
import { useApiAction } from '../../../lib/use-api-action';
import { FormAlert } from '../../ui/FormAlert';
import { SafetyConfirmation } from '../../chat/SafetyConfirmation';
import { AccountStep, BirthdayStep, GenderStep, LocationStep, NameStep, type SignupFields } from './signup-steps';

const STEP_FIELDS = [
  ['gender', 'seeking'],
  ['date_of_birth'],
  ['country', 'region'],
  ['name'],
  ['email', 'password', 'accept_terms', 'signup_message'],
] as const;
export const SIGNUP_STEPS = STEP_FIELDS.length;

/**
 * The completion step ("Check your inbox"): it stays until the member presses Continue, even
 * though the sign-up has made them a member already (`onContinue` closes the modal around it).
 */
export function SignupComplete({ email, onContinue }: { email: string; onContinue?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="text-center py-3" data-testid="signup-complete">
      <h2 className="h4">{t('signup.complete_title')}</h2>
      <p>{t('signup.complete_text', { email })}</p>
      {/* Liking a few members who fit is the next step in every case: the first message, if any, waits for the confirmation. */}
      <Link className="btn btn-primary" to="/signup-matches" onClick={onContinue}>
        {t('signup.complete_continue')}
      </Link>
    </div>
  );
}

export interface SignupTarget {
  id: number;
  name: string;
}

const EMPTY: SignupFields = {
  gender: '',
  seeking: '',
  day: '',
  month: '',
  year: '',
  country: '',
  region: '',
  name: '',
  email: '',
  password: '',
  signup_message: '',
  accept_terms: false,
};

/**
 * The sign-up steps 0–4 and the completion step (spec §2), used on /signup, in the sign-up
 * modal and on a profile's pages. Each step is checked by the server before the next. With a
 * target, the last step holds the first message to them (`initialMessage` when the visitor
 * wrote it on the page before) and what it will cost.
 */
export function SignupFlow({
  target,
  initialMessage = '',
  onProgress,
}: {
  target?: SignupTarget;
  initialMessage?: string;
  onProgress?: (progress: 'started' | 'complete', email?: string) => void;
}) {
  const { t } = useTranslation();
  const { settings, signupMessagePrice } = useRootData();
  const location = useLocation();
  const revalidator = useRevalidator();
  const [step, setStep] = useState(0);
  const [fields, setFields] = useState<SignupFields>({ ...EMPTY, country: settings.geoip_selected_country, signup_message: initialMessage });
  const [createdEmail, setCreatedEmail] = useState<string | null>(null);

  const toInput = (confirmedSafety = false): SignupInput => ({
    gender: fields.gender,
    seeking: fields.seeking,
    date_of_birth: fields.year && fields.month && fields.day ? `${fields.year}-${fields.month}-${fields.day}` : '',
    country: fields.country,
    region: fields.region || undefined,
    name: fields.name,
    email: fields.email,
    password: fields.password,
    accept_terms: fields.accept_terms,
    signup_message: fields.signup_message || undefined,
    ...(confirmedSafety && { confirmed_safety: true }),
    target_profile_id: target?.id,
    ...readTracking(location.search),
  });

  const action = useApiAction(async (isLast: boolean, confirmedSafety: boolean) => {
    const input = toInput(confirmedSafety);
    if (!isLast) {
      const only = Object.fromEntries(STEP_FIELDS[step].map((field) => [field, input[field as keyof SignupInput] ?? '']));
      return api<{ valid: true }>('signup.php', { method: 'POST', body: { ...only, validate_only: true } });
    }
    return api<{ user: User }>('signup.php', { method: 'POST', body: input });
  });

  const update = (patch: Partial<SignupFields>) => {
    setFields((current) => ({ ...current, ...patch }));
    action.clearError();
    onProgress?.('started');
  };

  const submit = async (confirmedSafety: boolean) => {
    const isLast = step === SIGNUP_STEPS - 1;
    const result = await action.run(isLast, confirmedSafety);
    if (!result) return;
    if (!isLast) return setStep(step + 1);
    setCreatedEmail(fields.email);
    onProgress?.('complete', fields.email);
    await revalidator.revalidate();
  };
  const next = (event: FormEvent) => {
    event.preventDefault();
    void submit(false);
  };
  // The first message has contact details, a money request or an off-site move: asked as in a chat.
  const asksSafety = action.error?.code === 'message_safety_confirm';

  if (createdEmail) return <SignupComplete email={createdEmail} />;

  // The safety question is shown as its own dialog below, not as a mistake in the message field.
  const fieldError = (field: string) => (asksSafety && field === 'signup_message' ? undefined : action.fieldError(field));
  const props = { fields, update, fieldError };
  const stepFields = STEP_FIELDS[step] as readonly string[];
  return (
    <form onSubmit={next} noValidate>
      <div
        className="progress mb-3"
        style={{ height: 6 }}
        role="progressbar"
        aria-label={t('signup.progress', { step: step + 1, steps: SIGNUP_STEPS })}
        aria-valuenow={step + 1}
        aria-valuemin={1}
        aria-valuemax={SIGNUP_STEPS}
      >
        <div className="progress-bar" style={{ width: `${((step + 1) / SIGNUP_STEPS) * 100}%` }} />
      </div>
      <p className="small text-body-secondary">{t('signup.progress', { step: step + 1, steps: SIGNUP_STEPS })}</p>
      <FormAlert error={action.error} fields={[...stepFields]} />
      {step === 0 && <GenderStep {...props} />}
      {step === 1 && <BirthdayStep {...props} />}
      {step === 2 && <LocationStep {...props} countries={settings.countries} />}
      {step === 3 && <NameStep {...props} />}
      {step === 4 && <AccountStep {...props} suggestion={action.error?.body.suggestion} targetName={target?.name} messagePrice={signupMessagePrice} />}
      {asksSafety && (
        <SafetyConfirmation
          reason={action.fieldError('signup_message') ?? action.error!.message}
          pending={action.pending}
          onSend={() => void submit(true)}
          onEdit={() => {
            action.clearError();
            document.getElementById('signup-message')?.focus();
          }}
        />
      )}
      <div className="d-flex justify-content-between mt-4">
        <button type="button" className="btn btn-outline-secondary" onClick={() => setStep(step - 1)} disabled={step === 0 || action.pending}>
          {t('signup.back')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={action.pending}>
          {step === SIGNUP_STEPS - 1 ? t('signup.create_account') : t('signup.next')}
        </button>
      </div>
    </form>
  );
}
