import { useEffect, useRef } from 'react';
import { create } from 'zustand';

interface CountersState {
  unreadMessages: number;
  newLikes: number;
  /** The member's newest known balance (socket `counters` or a fresh page load); null before either. */
  credits: number | null;
  set(counts: Partial<Pick<CountersState, 'unreadMessages' | 'newLikes' | 'credits'>>): void;
}

/** Unread messages, new likes and the credit balance, for the top navigation badges and the page title. */
export const useCounters = create<CountersState>((set) => ({
  unreadMessages: 0,
  newLikes: 0,
  credits: null,
  set: (counts) => set(counts),
}));

/**
 * The balance to show: the live one when the socket or a page has told us, else the one the
 * page was rendered with (server render and first paint).
 */
export function useCredits(rendered: number): number {
  const seen = useRef(rendered);
  // Fresh page data (a revalidation after a purchase) is newer than any earlier socket value;
  // an unchanged rendered value on mount is not, so it never overwrites a live one.
  useEffect(() => {
    if (seen.current === rendered) return;
    seen.current = rendered;
    useCounters.getState().set({ credits: rendered });
  }, [rendered]);
  return useCounters((state) => state.credits) ?? rendered;
}

/** Spec §9: badges cap at 99+. */
export function formatBadge(count: number): string {
  return count > 99 ? '99+' : String(count);
}
