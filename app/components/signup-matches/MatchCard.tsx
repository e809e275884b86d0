import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Link } from '../ui/links';
import type { ProfileCard } from '../../../contract/profiles';
import { api } from '../../lib/api-client';
import { useApiAction } from '../../lib/use-api-action';
import { FictionalBadge } from '../profile/FictionalBadge';
import { ProfilePhoto } from '../profile-landing/ProfilePhoto';

/** One member on `/signup-matches`: a photo and one button that likes them (like.php). */
export function MatchCard({ profile, isAboveFold = false }: { profile: ProfileCard; isAboveFold?: boolean }) {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<'liked' | 'match' | null>(null);
  const like = useApiAction(() => api<{ is_match: boolean }>('like.php', { method: 'POST', body: { profile_id: profile.id } }));

  const onLike = async () => {
    const result = await like.run();
    if (result) setOutcome(result.is_match ? 'match' : 'liked');
  };

  return (
    <article className="card h-100 border-0 shadow-sm sm-card d-flex flex-column" data-testid="signup-match">
      <Link to={`/members/${profile.id}`} className="text-reset text-decoration-none">
        <div className="ratio ratio-1x1 rounded-top overflow-hidden">
          <ProfilePhoto profile={profile} thumb priority={isAboveFold} />
        </div>
        <div className="card-body p-2 pb-0">
          <h2 className="h6 mb-0 text-truncate">
            {profile.name}, {profile.age}
          </h2>
          <p className="small text-body-secondary mb-0 text-truncate">{profile.city ?? profile.country}</p>
          {profile.is_fictional && <FictionalBadge className="mt-1" />}
        </div>
      </Link>
      <div className="card-body p-2 mt-auto flex-grow-0">
        {outcome ? (
          <p className="sm-card__done mb-0 d-flex align-items-center justify-content-center" role="status">
            {outcome === 'match' ? t('signup_matches.match') : t('signup_matches.liked')}
          </p>
        ) : (
          <button
            type="button"
            className="btn btn-primary w-100"
            onClick={() => void onLike()}
            disabled={like.pending}
            aria-label={t('signup_matches.like_name', { name: profile.name })}
          >
            {t('signup_matches.like')}
          </button>
        )}
        {like.error && (
          <p className="text-danger small mt-1 mb-0" role="alert">
            {like.error.message}
          </p>
        )}
      </div>
    </article>
  );
}
