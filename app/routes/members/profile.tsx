import { Suspense } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Await, data, useLoaderData, useNavigate } from 'react-router';
import { OnlineDot } from '../../components/profile/OnlineDot';
import { FictionalBadge } from '../../components/profile/FictionalBadge';
import { PhotoGallery } from '../../components/profile/PhotoGallery';
import { ProfileActions } from '../../components/profile/ProfileActions';
import { ProfileDetailsList } from '../../components/profile/ProfileDetailsList';
import { ProfileGrid } from '../../components/profile/ProfileCard';
import { useRootData } from '../../root';
import type { Route } from './+types/profile';

/** The match popup (a dialog) loads when a like first makes a match. */
import { useMatchMoment } from '../../state/match-moment';

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) throw data('This page could not be found', { status: 404 });
  // The message button shows its price (issue 19): the member's next message, or a visitor's sign-up
  // message. Asked for alongside the profile, not after it (issue 20).
  const [result, messagePrice] = await Promise.all([
    context.viewMemberFirstScreen(id),
    context.user ? context.nextMessagePrice() : context.signupMessagePrice(),
  ]);
  if (!result.ok && result.code === 'not_found') throw data('This page could not be found', { status: 404 });
  if (!result.ok) throw data(result.message, { status: 403 });
  // The related members below the profile stream in after it (issue 20): a promise React Router sends when it settles.
  const { related, ...profile } = result.data;
  return { profile, related, messagePrice };
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  const settings = matches[0]?.data?.settings;
  if (!page || !settings) return [];
  // Search engines and link previews: who and where, then what the site is.
  const place = [page.profile.city, page.profile.country].filter(Boolean).join(', ');
  const who = [`${page.profile.name}, ${page.profile.age}`, place].filter(Boolean).join(' · ');
  const title = { title: `${page.profile.name}, ${page.profile.age} | ${settings.name}` };
  // A member's page is not for search engines: no description (the root data leaves it empty).
  return matches[0]?.data?.user ? [title] : [title, { name: 'description', content: `${who}. ${settings.description}` }];
}

/** `/members/{id}` — another member's profile (spec §2 profile view). */
export default function MemberProfilePage() {
  const { t } = useTranslation();
  const { profile, related, messagePrice } = useLoaderData<typeof loader>();
  const { settings } = useRootData();
  const navigate = useNavigate();

  return (
    <div className="container pt-0 pb-4 py-md-4 profile-page">
      <div className="row g-4">
        <div className="col-md-5 profile-page__photos">
          <PhotoGallery profile={profile} />
        </div>
        <div className="col-md-7">
          <h1 className="h3 mb-1">
            {profile.name}, {profile.age}
          </h1>
          <p className="text-body-secondary">
            {profile.is_online && <OnlineDot className="me-1" />}
            {[profile.city, profile.country].filter(Boolean).join(', ')}
          </p>
          {profile.is_fictional && (
            <div className="alert alert-secondary d-flex gap-2 align-items-start" role="note">
              <FictionalBadge />
              <span>{settings.fictional_warning || t('profile.fictional_warning')}</span>
            </div>
          )}
          <ProfileActions
            profile={profile}
            messagePrice={messagePrice}
            // The match moment itself is the member layout's (it comes by socket to every tab as well).
            onMatch={() =>
              useMatchMoment.getState().show({
                id: profile.id,
                name: profile.name,
                main_image: profile.photos[0] ? { ...profile.photos[0], status: 'active' } : null,
                is_fictional: profile.is_fictional,
              })
            }
          />
          <ProfileDetailsList details={profile.details} />
        </div>
      </div>
      <Suspense fallback={null}>
        <Await resolve={related}>
          {(members) =>
            members.length > 0 && (
              <section className="mt-5" aria-labelledby="related-title" data-testid="related-members">
                <h2 className="h5" id="related-title">
                  {t('profile.related')}
                </h2>
                <ProfileGrid profiles={members} />
              </section>
            )
          }
        </Await>
      </Suspense>
    </div>
  );
}
