import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { redirect, useLoaderData, useRevalidator } from 'react-router';
import { PhotoManager } from '../../components/profile/PhotoManager';
import { ProfileForm } from '../../components/profile/ProfileForm';
import type { Route } from './+types/own-profile';

export async function loader({ context }: Route.LoaderArgs) {
  const profile = await context.getOwnProfile();
  if (!profile) throw redirect('/login');
  return { profile };
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: matches[0]?.data?.settings.name ?? '' }];
}

/** `/profile` — the member edits their profile and photos. */
export default function OwnProfile() {
  const { t } = useTranslation();
  const loaded = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const [profile, setProfile] = useState(loaded.profile);
  const update = (next: typeof profile) => {
    setProfile(next);
    // The navigation shows the main photo and name: refresh the member too.
    void revalidator.revalidate();
  };
  return (
    <div className="container py-4" style={{ maxWidth: 860 }}>
      <h1 className="h3 mb-4">{t('profile.my_profile')}</h1>
      <PhotoManager profile={profile} onChange={update} />
      <ProfileForm profile={profile} onSaved={update} />
    </div>
  );
}
