import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import type { ProfileTeaser } from '../../../contract/accounts';
import { SignupFlow } from '../account/signup/SignupFlow';

/**
 * Where every profile landing ends: the sign-up steps with the member as target, in a card
 * headed by what signing up leads to. The first message is asked (and priced) in the last step.
 * Once the account exists, the completion step speaks for itself and the heading goes.
 */
export function LandingSignup({
  target,
  initialMessage,
  title,
  className = '',
}: {
  target: ProfileTeaser;
  initialMessage?: string;
  title?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const [isComplete, setIsComplete] = useState(false);
  return (
    <section className={`card pl-signup shadow-sm border-0 ${className}`} aria-labelledby={isComplete ? undefined : 'pl-signup-title'}>
      <div className="card-body p-3 p-sm-4">
        {!isComplete && (
          <>
            <h2 className="h5 mb-1" id="pl-signup-title">
              {title ?? t('profile_landing.signup_title', { name: target.name })}
            </h2>
            <p className="small text-body-secondary mb-3">{t('profile_landing.signup_free')}</p>
          </>
        )}
        <SignupFlow target={target} initialMessage={initialMessage} onProgress={(progress) => progress === 'complete' && setIsComplete(true)} />
      </div>
    </section>
  );
}
