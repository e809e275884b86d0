import { useTranslation } from 'react-i18next';
import { data, redirect, useLoaderData } from 'react-router';
import { SignupFlow } from '../../components/account/signup/SignupFlow';
import { photoUrl } from '../../lib/media';
import type { Route } from './+types/member-signup';

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = Number(params.id);
  if (context.user) throw redirect(`/members/${id}`);
  const target = Number.isInteger(id) && id > 0 ? await context.findProfileTeaser(id) : null;
  if (!target) throw data('This page could not be found', { status: 404 });
  return { target };
}

/** As on /signup: signing up must not re-run this loader, whose redirect would hide the completion step. */
export function shouldRevalidate() {
  return false;
}

/** `/members/{id}/signup` — signing up to get in touch with one member. */
export default function MemberSignup() {
  const { t } = useTranslation();
  const { target } = useLoaderData<typeof loader>();
  return (
    <div className="container py-4" style={{ maxWidth: 560 }}>
      <div className="d-flex align-items-center gap-3 mb-3">
        {target.main_image && <img src={photoUrl(target.main_image.thumb_filename)} alt="" width={64} height={64} className="rounded-circle object-fit-cover" />}
        <h1 className="h4 mb-0">{t('signup.title_target', { name: target.name })}</h1>
      </div>
      <SignupFlow target={target} />
    </div>
  );
}
