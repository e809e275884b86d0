import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useLoaderData } from 'react-router';
import { MessagePriceNote } from '../../components/account/signup/signup-steps';
import { FictionalBadge } from '../../components/profile/FictionalBadge';
import { LandingSignup } from '../../components/profile-landing/LandingSignup';
import { ProfilePhoto } from '../../components/profile-landing/ProfilePhoto';
import { useRootData } from '../../root';
import { landingMeta, revalidateForAnotherMember } from './landing-route';
import { loadLandingTarget } from './profile-landing.server';
import type { Route } from './+types/landing2';

/** As the sign-up's message field allows. */
const MESSAGE_MAX = 500;

export async function loader(args: Route.LoaderArgs) {
  return loadLandingTarget(args);
}

export const shouldRevalidate = revalidateForAnotherMember;

export function meta({ data, matches }: Route.MetaArgs) {
  return landingMeta(data?.target.name, matches[0]?.data?.settings.name);
}

/**
 * `/members/{id}/landing2/{slug?}` — a chat with one member that the visitor opens by writing
 * to them; signing up is what sends it. Nothing here pretends the member wrote first.
 */
export default function ChatLanding() {
  const { t } = useTranslation();
  const { target, isFictional } = useLoaderData<typeof loader>();
  const { signupMessagePrice } = useRootData();
  const [draft, setDraft] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [isEmpty, setIsEmpty] = useState(false);
  const signupRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (sent !== null) signupRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [sent]);

  const send = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (!text) return setIsEmpty(true);
    setSent(text);
  };

  return (
    <div className="pl-chat-page pl-fill py-3 py-md-5">
      <div className="container" style={{ maxWidth: 680 }}>
        <h1 className="visually-hidden">{t('profile_landing.chat_title', { name: target.name })}</h1>
        <section className="pl-chat card border-0 shadow" aria-label={t('profile_landing.chat_title', { name: target.name })}>
          <header className="pl-chat__header d-flex align-items-center gap-3">
            <ProfilePhoto profile={target} thumb priority className="pl-chat__avatar" />
            <div className="min-w-0">
              <p className="fw-semibold mb-0 text-truncate">
                {target.name}, {target.age}
              </p>
              {target.city && <p className="small mb-0 opacity-75 text-truncate">{target.city}</p>}
            </div>
            {isFictional && <FictionalBadge className="ms-auto" />}
          </header>
          <div className="pl-chat__body" aria-live="polite">
            <p className="pl-chat__notice">{t('profile_landing.chat_intro', { name: target.name })}</p>
            {sent !== null && (
              <div className="pl-chat__bubble-row" data-testid="landing-draft">
                <div className="pl-chat__bubble">
                  <p className="mb-1" style={{ whiteSpace: 'pre-wrap' }}>
                    {sent}
                  </p>
                  <p className="pl-chat__status mb-0">{t('profile_landing.chat_pending')}</p>
                </div>
              </div>
            )}
          </div>
          {/* Once sent, the message moves into the sign-up's last step, where it can still be changed. */}
          {sent === null && (
            <form className="pl-chat__composer" onSubmit={send} noValidate>
              <label className="form-label small fw-semibold" htmlFor="landing-message">
                {t('profile_landing.chat_label', { name: target.name })}
              </label>
              <div className="d-flex gap-2 align-items-end">
                <textarea
                  id="landing-message"
                  className={`form-control ${isEmpty ? 'is-invalid' : ''}`}
                  rows={2}
                  maxLength={MESSAGE_MAX}
                  placeholder={t('profile_landing.chat_placeholder', { name: target.name })}
                  aria-describedby="landing-message-price"
                  value={draft}
                  onChange={(event) => {
                    setDraft(event.target.value);
                    setIsEmpty(false);
                  }}
                />
                <button type="submit" className="btn btn-primary px-4">
                  {t('profile_landing.chat_send')}
                </button>
              </div>
              {isEmpty && (
                <div className="text-danger small mt-1" role="alert">
                  {t('profile_landing.chat_empty')}
                </div>
              )}
              <MessagePriceNote id="landing-message-price" price={signupMessagePrice} className="form-text mt-2" />
            </form>
          )}
        </section>
        {sent !== null && (
          <div ref={signupRef} className="mt-4 pl-scroll-target">
            <LandingSignup target={target} initialMessage={sent} title={t('profile_landing.chat_signup_title', { name: target.name })} />
          </div>
        )}
      </div>
    </div>
  );
}
