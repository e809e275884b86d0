import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MemberProfile } from '../../../contract/profiles';
import { photoUrl } from '../../lib/media';
import { useRootData } from '../../root';

/** The photo header: main photo, thumbnails, and the photo count that invites free members to premium. */
export function PhotoGallery({ profile }: { profile: MemberProfile }) {
  const { t } = useTranslation();
  const { settings } = useRootData();
  const [current, setCurrent] = useState(0);
  const [showInvite, setShowInvite] = useState(false);
  const photo = profile.photos[current];
  return (
    <div>
      <div className="ratio ratio-1x1 bg-light rounded overflow-hidden">
        {photo ? <img src={photoUrl(photo.filename, settings.cdn_prefix)} alt={t('profile.photo_of', { name: profile.name })} className="object-fit-cover" /> : <div className="d-flex align-items-center justify-content-center">{t('profile.no_photo')}</div>}
      </div>
      <div className="d-flex flex-wrap gap-2 mt-2 align-items-center">
        {profile.photos.length > 1 &&
          profile.photos.map((item, index) => (
            <button key={item.id} type="button" className={`btn p-0 border ${index === current ? 'border-primary' : 'border-0'}`} onClick={() => setCurrent(index)} aria-label={t('profile.show_photo', { number: index + 1 })}>
              <img src={photoUrl(item.thumb_filename, settings.cdn_prefix)} alt="" width={56} height={56} className="rounded object-fit-cover" />
            </button>
          ))}
        {profile.photo_count > 0 && (
          <button type="button" className="btn btn-sm btn-outline-secondary ms-auto" onClick={() => setShowInvite(!profile.can_see_all_photos)}>
            {t('profile.photo_count', { number: profile.photo_count })}
          </button>
        )}
      </div>
      {showInvite && (
        <div className="alert alert-info mt-2" role="status">
          {t('profile.premium_photos', { number: profile.photo_count })} <Link to="/premium">{t('nav.get_premium')}</Link>
        </div>
      )}
    </div>
  );
}
