import { create } from 'zustand';
import type { AutoLike } from '../../contract/profiles';

/**
 * The match moment (issue 35): the member the tab's member now likes back and is liked by. It
 * comes from the like's own answer on the tab that made the match and from the socket on every
 * tab of both members; the same match twice shows once.
 */
interface MatchMomentState {
  profile: AutoLike | null;
  /** Matches already shown in this tab, so the socket's copy of a match made here stays quiet. */
  shownIds: number[];
  show(profile: AutoLike): void;
  close(): void;
}

export const useMatchMoment = create<MatchMomentState>((set, get) => ({
  profile: null,
  shownIds: [],
  show(profile) {
    if (get().shownIds.includes(profile.id)) return;
    set({ profile, shownIds: [...get().shownIds, profile.id] });
  },
  close() {
    set({ profile: null });
  },
}));
