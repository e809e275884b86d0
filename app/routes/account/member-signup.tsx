import { useTranslation } from '../../lib/use-translation';
import { useLoaderData } from 'react-router';
import { FictionalBadge } from '../../components/profile/FictionalBadge';
import { LandingSignup } from '../../components/profile-landing/LandingSignup';
import { ProfilePhoto } from '../../components/profile-landing/ProfilePhoto';
import { landingMeta, revalidateForAnotherMember } from '../profile-landing/landing-route';
import { loadLandingTarget } from '../profile-landing/profile-landing.server';
import type { Route } from './+types/member-signup';

export async function loader(args: Route.LoaderArgs) {
  return loadLandingTarget(args);
}

export const shouldRevalidate = revalidateForAnotherMember;

export function meta({ data, matches }: Route.MetaArgs) {
  return landingMeta(data?.target.name, matches[0]?.data?.settings.name);
}

/** `/members/{id}/signup` — signing up to get in touch with one member, in the site's own frame. */
export default function MemberSignup() {
  const { t } = useTranslation();
  const { target, isFictional } = useLoaderData<typeof loader>();
  return (
    <div className="container py-4 py-md-5" style={{ maxWidth: 600 }}>
      <div className="d-flex align-items-center gap-3 mb-3">
        <ProfilePhoto profile={target} thumb priority className="pl-avatar" />
        <div className="min-w-0">
          <h1 className="h4 mb-0">{t('signup.title_target', { name: target.name })}</h1>
          <p className="text-body-secondary mb-0">
            {target.name}, {target.age}
            {target.city && ` · ${target.city}`}
          </p>
          {isFictional && <FictionalBadge className="mt-1" />}
        </div>
      </div>
      <LandingSignup target={target} title={t('signup.title')} className="border" />
    </div>
  );
}
