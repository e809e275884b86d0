import { create } from 'zustand';
import type { User } from '../../contract/accounts';
import { useRootData } from '../root';

interface MemberStore {
  /** The page's user the refresh started from; a newer page load makes `fresh` stale. */
  base: User | null;
  /** The member as `user.php` last answered (spec §4 refresh). */
  fresh: User | null;
}

export const useMemberStore = create<MemberStore>(() => ({ base: null, fresh: null }));

export function rememberFreshMember(base: User, fresh: User) {
  useMemberStore.setState({ base, fresh });
}

/**
 * The logged-in member as newest known: the periodic refresh's answer while the page data it
 * started from is still current, else the page data (a revalidation after a save is newer).
 */
export function useMember(): User | null {
  const { user } = useRootData();
  const { base, fresh } = useMemberStore();
  return user && fresh && base === user && fresh.id === user.id ? fresh : user;
}
