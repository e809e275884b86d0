import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ProfileCard as Card } from '../../../contract/profiles';
import { photoUrl } from '../../lib/media';
import { useRootData } from '../../root';
import { FictionalBadge } from './FictionalBadge';

/** A member in a grid: photo, name, age and place, linking to the profile. */
export function ProfileCard({ profile }: { profile: Card }) {
  const { t } = useTranslation();
  const { settings } = useRootData();
  const image = profile.main_image;
  return (
    <article className="card h-100 profile-card" data-testid="profile-card">
      <Link to={`/members/${profile.id}`} className="text-decoration-none text-reset">
        <div className="ratio ratio-1x1 bg-light rounded-top overflow-hidden">
          {image ? (
            <img src={photoUrl(image.filename, settings.cdn_prefix)} alt="" loading="lazy" className="object-fit-cover" />
          ) : (
            <div className="d-flex align-items-center justify-content-center text-body-secondary">{t('profile.no_photo')}</div>
          )}
        </div>
        <div className="card-body p-2">
          <h3 className="h6 mb-0 text-truncate">
            {profile.name}, {profile.age}
          </h3>
          <p className="small text-body-secondary mb-0 text-truncate">{profile.city ?? profile.country}</p>
          {profile.is_fictional && <FictionalBadge className="mt-1" />}
        </div>
      </Link>
    </article>
  );
}

export function ProfileGrid({ profiles }: { profiles: Card[] }) {
  return (
    <div className="row row-cols-2 row-cols-md-3 row-cols-lg-4 row-cols-xl-5 g-3">
      {profiles.map((profile) => (
        <div className="col" key={profile.id}>
          <ProfileCard profile={profile} />
        </div>
      ))}
    </div>
  );
}
