import { useTranslation } from '../../lib/use-translation';
import { data, redirect, useLoaderData } from 'react-router';
import { Link } from '../../components/ui/links';
import { photoUrl } from '../../lib/media';
import type { Route } from './+types/match';

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!context.user) throw redirect('/login');
  const id = Number(params.id);
  const likes = await context.listLikes();
  const match = likes?.matches.find((profile) => profile.id === id);
  if (!match) throw data('This page could not be found', { status: 404 });
  return { match, me: context.user };
}

/** `/likes/m/{id}` — a match: both like each other; the next step is a message. */
export default function Match() {
  const { t } = useTranslation();
  const { match, me } = useLoaderData<typeof loader>();
  const photo = (filename: string | undefined) =>
    filename ? (
      <img src={photoUrl(filename)} alt="" width={120} height={120} className="rounded-circle object-fit-cover border border-3 border-white shadow" />
    ) : null;
  return (
    <div className="container py-5 text-center" style={{ maxWidth: 560 }}>
      <div className="d-flex justify-content-center gap-3 mb-3">
        {photo(me.profile.main_image?.thumb_filename)}
        {photo(match.main_image?.thumb_filename)}
      </div>
      <h1 className="h3">{t('likes.match_title', { name: match.name })}</h1>
      <p>{t('likes.match_text', { name: match.name })}</p>
      <div className="d-flex justify-content-center gap-2">
        <Link className="btn btn-primary" to={`/members/${match.id}/chat`}>
          {t('profile.message')}
        </Link>
        <Link className="btn btn-outline-secondary" to={`/members/${match.id}`}>
          {t('likes.view_profile', { name: match.name })}
        </Link>
      </div>
    </div>
  );
}
