import { useEffect, useState } from 'react';
import { useLocation, useNavigation } from 'react-router';

export type ListKind = 'cards' | 'rows';

/** The list pages whose loading shows a skeleton: search and likes as cards, conversations as rows. */
export function listKindOf(pathname: string): ListKind | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/members' || path === '/likes' || /^\/likes\/(received|sent|matches)$/.test(path)) return 'cards';
  if (path === '/chats') return 'rows';
  return null;
}

/** A quick page needs no placeholder: it shows only when loading takes longer than this. */
export const SKELETON_DELAY_MS = 150;

/** The part of the site a path is in (`/likes/sent` → `likes`): moving within it keeps the page. */
export function areaOf(pathname: string): string {
  return pathname.split('/')[1] ?? '';
}

/**
 * The kind of list the router is loading from another part of the site (a tab, a link), once
 * loading has taken longer than a blink; null otherwise. Within one page (a new search, another
 * likes tab) the page shows its own placeholder or keeps its content. Form posts are not list loads.
 */
export function usePendingList(): ListKind | null {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const target = navigation.state === 'loading' && !navigation.formMethod ? navigation.location?.pathname : undefined;
  const loading = target && areaOf(target) !== areaOf(pathname) ? listKindOf(target) : null;
  const [shown, setShown] = useState<ListKind | null>(null);
  useEffect(() => {
    if (!loading) {
      setShown(null);
      return;
    }
    const timer = setTimeout(() => setShown(loading), SKELETON_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loading]);
  return loading ? shown : null;
}
