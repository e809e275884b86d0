import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { redirect, useLoaderData, useRevalidator } from 'react-router';
import type { OwnProfileDetails } from '../../../contract/profiles';
import { PhotoManager } from '../../components/profile/PhotoManager';
import { ProfileForm } from '../../components/profile/ProfileForm';
import { usePhotoReviews, type PhotoReview } from '../../state/photo-reviews';
import type { Route } from './+types/own-profile';

export async function loader({ context }: Route.LoaderArgs) {
  const profile = await context.getOwnProfile();
  if (!profile) throw redirect('/login');
  return { profile };
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: matches[0]?.data?.settings.name ?? '' }];
}

/** The profile as moderators' live decisions left it: approved photos lose "pending", rejected ones are gone. */
function withReviews(profile: OwnProfileDetails, reviews: PhotoReview[]): OwnProfileDetails {
  const decided = new Map(reviews.map((review) => [review.photo_id, review.status]));
  if (!profile.photos.some((photo) => decided.has(photo.id))) return profile;
  const photos = profile.photos
    // Rejected while pending, or taken down while live: either way it is gone.
    .filter((photo) => decided.get(photo.id) !== 'rejected' && decided.get(photo.id) !== 'removed')
    .map((photo) => (decided.get(photo.id) === 'active' ? { ...photo, status: 'active' as const } : photo));
  const mainKept = photos.some((photo) => photo.id === profile.main_photo_id);
  return { ...profile, photos, main_photo_id: mainKept ? profile.main_photo_id : (photos.find((photo) => photo.status !== 'rejected')?.id ?? null) };
}

/** `/profile` — the member edits their profile and photos. */
export default function OwnProfile() {
  const { t } = useTranslation();
  const loaded = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const [stored, setProfile] = useState(loaded.profile);
  const reviews = usePhotoReviews((state) => state.reviews);
  const profile = useMemo(() => withReviews(stored, reviews), [stored, reviews]);
  // Rejections of photos this page showed, to say why they went.
  const shownIds = useRef(new Set(loaded.profile.photos.map((photo) => photo.id)));
  for (const photo of stored.photos) shownIds.current.add(photo.id);
  const gone = reviews.filter((review) => review.status !== 'active' && shownIds.current.has(review.photo_id));
  const update = (next: typeof profile) => {
    setProfile(next);
    // The navigation shows the main photo and name: refresh the member too.
    void revalidator.revalidate();
  };
  // A decision may change the main photo in the navigation.
  const reviewCount = reviews.length;
  useEffect(() => {
    if (reviewCount) void revalidator.revalidate();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reviewCount]);
  return (
    <div className="container py-4" style={{ maxWidth: 860 }}>
      <h1 className="h3 mb-4">{t('profile.my_profile')}</h1>
      {gone.map((review) => (
        <div key={review.photo_id} className="alert alert-warning" role="status" data-testid="photo-rejected-notice">
          {t(review.status === 'removed' ? 'moderation.photo_removed_notice' : 'moderation.photo_rejected_notice', {
            reason: t(`moderation.photo_reasons.${review.reason ?? 'other'}`),
          })}
        </div>
      ))}
      <PhotoManager profile={profile} onChange={update} />
      <ProfileForm profile={profile} onSaved={update} />
    </div>
  );
}
