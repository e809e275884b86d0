import { useTranslation } from '../../../lib/use-translation';
import type { ProfileCard } from '../../../../contract/profiles';
import { photoUrl } from '../../../lib/media';
import { useRootData } from '../../../root';
import { FictionalBadge } from '../../profile/FictionalBadge';
import { SignupButton } from '../SignupButton';
import { Avatar } from './Avatar';

/**
 * One post of the feed, made of what the member's public card already shows: a photo post or a
 * greeting. Every action — like, message, connect — is a way to sign up and meet them.
 */
export function FeedPost({ card, kind, isFirst }: { card: ProfileCard; kind: 'photo' | 'hello'; isFirst: boolean }) {
  const { t } = useTranslation();
  const { settings } = useRootData();
  const place = card.city ?? card.country;
  const titleId = `post-${card.id}`;
  return (
    <article className="social-post card border-0 shadow-sm mb-3" aria-labelledby={titleId} data-testid="social-post">
      <header className="d-flex align-items-center gap-2 p-3 pb-2">
        <Avatar card={card} size={44} />
        <div className="min-w-0">
          <h2 className="h6 mb-0 text-truncate" id={titleId}>
            {card.name}, {card.age}
          </h2>
          <p className="small text-body-secondary mb-0 text-truncate">{place}</p>
        </div>
        {card.is_fictional && <FictionalBadge className="ms-auto" />}
      </header>
      {kind === 'photo' && card.main_image ? (
        <>
          <p className="px-3 mb-2">{t('landers.socialnetwork.post_photo', { name: card.name })}</p>
          <SignupButton target={card} className="social-post__photo" label={t('landers.socialnetwork.meet', { name: card.name })}>
            <img
              src={photoUrl(card.main_image.filename, settings.cdn_prefix)}
              alt=""
              width="600"
              height="600"
              loading={isFirst ? 'eager' : 'lazy'}
              fetchPriority={isFirst ? 'high' : 'auto'}
              decoding="async"
            />
          </SignupButton>
        </>
      ) : (
        <p className="social-post__hello mx-3 mb-0">
          <WaveIcon />
          <span>{t('landers.socialnetwork.post_hello', { name: card.name })}</span>
        </p>
      )}
      <footer className="social-post__actions d-flex border-top mt-3">
        <SignupButton target={card} className="social-action">
          <HeartIcon /> {t('landers.socialnetwork.like')}
        </SignupButton>
        <SignupButton target={card} className="social-action">
          <BubbleIcon /> {t('landers.socialnetwork.message')}
        </SignupButton>
        <SignupButton target={card} className="social-action">
          <PlusIcon /> {t('landers.socialnetwork.connect')}
        </SignupButton>
      </footer>
    </article>
  );
}

/** A waving hand, drawn: emoji fonts differ from device to device (and some have none). */
function WaveIcon() {
  return (
    <svg className="social-post__wave" width="36" height="36" viewBox="0 0 36 36" aria-hidden="true" focusable="false">
      <circle cx="18" cy="18" r="18" fill="#fff" />
      <path
        fill="#d94681"
        d="M12.6 25.8 8.4 19.7a1.6 1.6 0 0 1 2.6-1.8l2.3 3.2-4-8.8a1.6 1.6 0 1 1 2.9-1.3l2.9 6.3-3.6-8.2a1.6 1.6 0 1 1 2.9-1.3l3.6 8.1-2.7-6.3a1.6 1.6 0 1 1 2.9-1.2l3.8 8.6.1-3.3a1.6 1.6 0 0 1 3.2.2l-.3 7.1a8 8 0 0 1-14.4 4.8Z"
      />
      <path fill="none" stroke="#971f50" strokeWidth="1.6" strokeLinecap="round" d="M26.5 7.5c1.5.8 2.6 2 3.2 3.6M25.6 10c.7.4 1.2 1 1.5 1.7" />
    </svg>
  );
}

function HeartIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M8 14.5 6.9 13.5C3 10 .5 7.8.5 5A3.5 3.5 0 0 1 4 1.5c1.6 0 3 .8 4 2 1-1.2 2.4-2 4-2A3.5 3.5 0 0 1 15.5 5c0 2.8-2.5 5-6.4 8.5L8 14.5Z"
      />
    </svg>
  );
}

function BubbleIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M2 2h12a1 1 0 0 1 1 1v8a1 1 0 0 1-1 1H6l-3.5 3v-3H2a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1Z" />
    </svg>
  );
}

export function PlusIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M6 7a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm0 1c-2.7 0-5 1.3-5 3.5V13h10v-1.5C11 9.3 8.7 8 6 8Zm7-3h-1v2h-2v1h2v2h1V8h2V7h-2V5Z" />
    </svg>
  );
}
