import { useTranslation } from '../../../lib/use-translation';
import type { MemberDetail } from '../../../../contract/admin/members';
import { MemberField, MemberSection } from './MemberDetailLayout';

type Photo = MemberDetail['photos'][number];

/**
 * The member's profile fields and photos, each photo with its status. A moderator may take down
 * any photo or the text from here (`onRemovePhoto`, `onRemoveText` are given only to them).
 */
export function MemberProfileSections({
  profile,
  photos,
  onRemovePhoto,
  onRemoveText,
}: {
  profile: MemberDetail['profile'];
  photos: MemberDetail['photos'];
  onRemovePhoto?: (photo: Photo) => void;
  onRemoveText?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <MemberSection id="member-profile" title={t('member.profile')}>
        {profile.under_age && (
          <p className="alert alert-warning small" role="alert" data-testid="member-under-age">
            {t('member.under_age_notice')}
          </p>
        )}
        <dl className="row mb-0 small">
          {(['gender', 'seeking', 'date_of_birth', 'country', 'region', 'city', 'status'] as const).map((field) => (
            <MemberField key={field} label={t(`member.profile_fields.${field}`)}>
              {profile[field] ?? '—'}
            </MemberField>
          ))}
          <MemberField label={t('member.profile_fields.about')}>
            <span className="text-break" style={{ whiteSpace: 'pre-wrap' }} data-testid="member-about">
              {profile.about || '—'}
            </span>
            {onRemoveText && profile.about.trim() && (
              <button type="button" className="btn btn-sm btn-outline-danger d-block mt-2" onClick={onRemoveText}>
                {t('member.remove_text')}
              </button>
            )}
          </MemberField>
        </dl>
      </MemberSection>

      <MemberSection id="member-photos" title={t('member.photos')}>
        {photos.length ? (
          <ul className="list-unstyled d-flex flex-wrap gap-3 mb-0">
            {photos.map((photo) => (
              <li key={photo.id} className="text-center small" data-testid="member-photo">
                <img
                  src={photo.thumb_url}
                  alt={t('member.photo_alt', { id: photo.id, status: photo.status })}
                  width={96}
                  height={96}
                  className="rounded object-fit-cover d-block"
                  loading="lazy"
                />
                {photo.status}
                {onRemovePhoto && (
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-danger d-block mt-1 mx-auto"
                    aria-label={t('member.remove_photo_label', { id: photo.id })}
                    onClick={() => onRemovePhoto(photo)}
                  >
                    {t('member.remove_photo')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mb-0 text-body-secondary">{t('member.none')}</p>
        )}
      </MemberSection>
    </>
  );
}
