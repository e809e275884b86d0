import { useTranslation } from 'react-i18next';
import { data, NavLink, redirect, useLoaderData } from 'react-router';
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
  return { tab, likes: (await context.listLikes())! };
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: matches[0]?.data?.settings.name ?? '' }];
}

/** `/likes` and `/likes/{type}` — received, sent and matches (spec §2). */
export default function Likes() {
  const { t } = useTranslation();
  const { tab, likes } = useLoaderData<typeof loader>();
  const newIds = new Set(likes.liked_by.filter((entry) => entry.like_new).map((entry) => entry.id));
  const lists: Record<Tab, ProfileCard[]> = { received: likes.liked_by.map((entry) => entry.profile), sent: likes.profiles, matches: likes.matches };
  const shown = lists[tab];
  return (
    <div className="container py-4">
      <h1 className="h3 mb-3">{t('likes.title')}</h1>
      <nav aria-label={t('likes.title')}>
        <ul className="nav nav-tabs mb-4">
          {TABS.map((name) => (
            <li className="nav-item" key={name}>
              <NavLink className="nav-link" to={name === 'received' ? '/likes' : `/likes/${name}`} end>
                {t(`likes.tabs.${name}`)} <span className="badge text-bg-light">{lists[name].length}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {tab === 'received' && newIds.size > 0 && <p className="small">{t('likes.new_count', { number: newIds.size })}</p>}
      {/* The open tab names the list below it (its cards are h3). */}
      <h2 className="visually-hidden">{t(`likes.tabs.${tab}`)}</h2>
      {shown.length ? <ProfileGrid profiles={shown} /> : <EmptyState icon="likes" text={t(`likes.empty.${tab}`)} action={{ to: '/members', label: t('shell.find_members') }} />}
    </div>
  );
}
