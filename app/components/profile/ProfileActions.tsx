import { lazy, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useRevalidator } from 'react-router';
import { Link } from '../ui/links';
import type { MemberProfile } from '../../../contract/profiles';
import { api } from '../../lib/api-client';
import { useApiAction } from '../../lib/use-api-action';
import { useRootData } from '../../root';
import { useSignupModal } from '../../state/signup-modal';
import { ReportButton } from '../reports/ReportButton';
import { MountWhenFirstShown } from '../ui/MountWhenFirstShown';

/** The gift picker (a dialog) loads when a member first opens it. */
const GiftPicker = lazy(() => import('../chat/GiftPicker').then((module) => ({ default: module.GiftPicker })));

/**
 * Like/unlike, gift, message and block/unblock (spec §2 profile view). The gift button opens the
 * gift picker right here, prices shown; visitors are asked to sign up instead. On a phone the
 * main actions form a bar fixed at the bottom of the screen, above the tab bar (issue 19), with
 * the message's price on its button and blocking and reporting behind "More".
 */
export function ProfileActions({ profile, messagePrice, onMatch }: { profile: Omit<MemberProfile, 'related'>; messagePrice: number; onMatch: () => void }) {
  const { t } = useTranslation();
  const { user } = useRootData();
  const revalidator = useRevalidator();
  const openSignup = useSignupModal((state) => state.open);
  const [confirmBlock, setConfirmBlock] = useState(false);
  const [showGifts, setShowGifts] = useState(false);
  const [showMore, setShowMore] = useState(false);
  const priceLine = (
    <span className="profile-actions__price" data-testid="message-price-tag">
      {messagePrice === 0 ? t('photo_first.price_free') : t('photo_first.price_credits', { price: messagePrice })}
    </span>
  );
  // The conversation the last gift went to, for the "sent" note's link.
  const [giftSentIn, setGiftSentIn] = useState<number | null>(null);
  const call = useApiAction(async (path: string, method: 'POST' | 'DELETE') => api<{ is_match?: boolean }>(path, { method, body: { profile_id: profile.id } }));

  const act = async (path: string, method: 'POST' | 'DELETE') => {
    if (!user) return openSignup(profile.id, profile);
    const result = await call.run(path, method);
    if (result?.is_match) onMatch();
    await revalidator.revalidate();
  };

  if (profile.blocked) {
    return (
      <div className="d-flex flex-wrap gap-2 align-items-center">
        <span>{t('profile.you_blocked', { name: profile.name })}</span>
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => void act('block.php', 'DELETE')}>
          {t('profile.unblock')}
        </button>
      </div>
    );
  }

  return (
    <div>
      <div className="profile-action-bar" data-testid="profile-action-bar">
        <div className="profile-action-bar__main">
          {profile.liked ? (
            <button
              type="button"
              className="btn btn-outline-primary"
              aria-pressed="true"
              onClick={() => void act('like.php', 'DELETE')}
              disabled={call.pending}
            >
              {t('profile.unlike')}
            </button>
          ) : (
            <button type="button" className="btn btn-primary" aria-pressed="false" onClick={() => void act('like.php', 'POST')} disabled={call.pending}>
              {t('profile.like')}
            </button>
          )}
          {user ? (
            <>
              <Link className="btn btn-outline-secondary profile-action-bar__message" to={`/members/${profile.id}/chat`}>
                {t('profile.message')} {priceLine}
              </Link>
              <button
                type="button"
                className="btn btn-outline-secondary"
                onClick={() => {
                  setGiftSentIn(null);
                  setShowGifts(true);
                }}
              >
                {t('profile.gift')}
              </button>
            </>
          ) : (
            <>
              <button type="button" className="btn btn-outline-secondary profile-action-bar__message" onClick={() => openSignup(profile.id, profile)}>
                {t('profile.message')} {priceLine}
              </button>
              <button type="button" className="btn btn-outline-secondary" onClick={() => openSignup(profile.id, profile)}>
                {t('profile.gift')}
              </button>
            </>
          )}
          {user && (
            <button
              type="button"
              className="btn btn-outline-secondary d-md-none profile-action-bar__toggle"
              aria-expanded={showMore}
              aria-controls="profile-more-actions"
              aria-label={t('photo_first.more')}
              title={t('photo_first.more')}
              onClick={() => setShowMore(!showMore)}
            >
              <span aria-hidden="true">⋯</span>
            </button>
          )}
        </div>
        {user && (
          <div id="profile-more-actions" className={`profile-action-bar__more ${showMore ? 'is-open' : ''}`}>
            {confirmBlock ? (
              <button type="button" className="btn btn-danger" onClick={() => void act('block.php', 'POST')}>
                {t('profile.block_confirm', { name: profile.name })}
              </button>
            ) : (
              <button type="button" className="btn btn-outline-danger" onClick={() => setConfirmBlock(true)}>
                {t('profile.block')}
              </button>
            )}
            <ReportButton target={{ profile_id: profile.id }} name={profile.name} className="btn btn-outline-secondary" />
          </div>
        )}
      </div>
      {user && (
        <MountWhenFirstShown shown={showGifts}>
          <GiftPicker
            show={showGifts}
            target={{ profile_id: profile.id }}
            credits={user.credits}
            onClose={() => setShowGifts(false)}
            onSent={(result) => {
              setGiftSentIn(result.message.conversation_id);
              void revalidator.revalidate();
            }}
          />
        </MountWhenFirstShown>
      )}
      {giftSentIn !== null && (
        <div className="alert alert-success mt-2 mb-0" role="status" data-testid="gift-sent">
          {t('gifts.sent_to', { name: profile.name })} <Link to={`/chats/${giftSentIn}`}>{t('gifts.open_chat')}</Link>
        </div>
      )}
      {call.error && (
        <div className="alert alert-danger mt-2" role="alert">
          {call.error.message}
        </div>
      )}
      {profile.is_match && <p className="mt-2 mb-0 fw-semibold text-success-emphasis">{t('profile.is_match')}</p>}
    </div>
  );
}
