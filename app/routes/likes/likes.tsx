import { useTranslation } from '../../lib/use-translation';
import { data, redirect, useLoaderData } from 'react-router';
import { NavLink } from '../../components/ui/links';
import type { ProfileCard } from '../../../contract/profiles';
import { EmptyState } from '../../components/feedback/EmptyState';
import { ProfileGrid } from '../../components/profile/ProfileCard';
import type { Route } from './+types/likes';

const TABS = ['received', 'sent', 'matches'] as const;
type Tab = (typeof TABS)[number];

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!context.user) throw redirect('/login');
  const tab = (params.type ?? 'received') as Tab;
  if (!TABS.includes(tab)) throw data('This page could not be found', { status: 404 });
  const likes = (await context.listLikes())!;
  const lists: Record<Tab, ProfileCard[]> = { received: likes.liked_by.map((entry) => entry.profile), sent: likes.profiles, matches: likes.matches };
  // The page shows one tab's cards and the other tabs' counts: only those go to the page (issue 20).
  return {
    tab,
    shown: lists[tab],
    counts: { received: lists.received.length, sent: lists.sent.length, matches: lists.matches.length },
    newLikes: likes.liked_by.filter((entry) => entry.like_new).length,
    // Received and sent cards of a match carry its mark; on the matches tab every card is one.
    matchedIds: tab === 'matches' ? [] : likes.matches.map((profile) => profile.id),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: matches[0]?.data?.settings.name ?? '' }];
}

/** `/likes` and `/likes/{type}` — received, sent and matches (spec §2). */
export default function Likes() {
  const { t } = useTranslation();
  const { tab, shown, counts, newLikes, matchedIds } = useLoaderData<typeof loader>();
  return (
    <div className="container py-4">
      <h1 className="h3 mb-3">{t('likes.title')}</h1>
      <nav aria-label={t('likes.title')}>
        <ul className="nav nav-tabs mb-4">
          {TABS.map((name) => (
            <li className="nav-item" key={name}>
              <NavLink className="nav-link" to={name === 'received' ? '/likes' : `/likes/${name}`} end>
                {t(`likes.tabs.${name}`)} <span className="badge text-bg-light">{counts[name]}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {tab === 'received' && newLikes > 0 && <p className="small">{t('likes.new_count', { number: newLikes })}</p>}
      {/* The open tab names the list below it (its cards are h3). */}
      <h2 className="visually-hidden">{t(`likes.tabs.${tab}`)}</h2>
      {shown.length ? (
        <ProfileGrid profiles={shown} matchedIds={matchedIds} />
      ) : (
        <EmptyState icon="likes" text={t(`likes.empty.${tab}`)} action={{ to: '/members', label: t('shell.find_members') }} />
      )}
    </div>
  );
}
