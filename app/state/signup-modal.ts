import { create } from 'zustand';
import type { ProfileTeaser } from '../../contract/accounts';

/** Spec §4: sign-up progress is started, then complete or closed. */
export type SignupProgress = 'idle' | 'started' | 'complete' | 'closed';

interface SignupModalState {
  isOpen: boolean;
  targetProfileId: number | null;
  /** The target's name and photo when the opener has them (a lander's card), for the modal to show whom the sign-up is for. */
  target: ProfileTeaser | null;
  progress: SignupProgress;
  open(targetProfileId?: number, target?: ProfileTeaser): void;
  close(): void;
  setProgress(progress: SignupProgress): void;
}

/** The sign-up modal any page can open (e.g. when a visitor tries to like or write). */
export const useSignupModal = create<SignupModalState>((set) => ({
  isOpen: false,
  targetProfileId: null,
  target: null,
  progress: 'idle',
  open: (targetProfileId, target) => set({ isOpen: true, targetProfileId: targetProfileId ?? null, target: target ?? null, progress: 'idle' }),
  close: () => set((state) => ({ isOpen: false, progress: state.progress === 'complete' ? 'complete' : 'closed' })),
  setProgress: (progress) => set({ progress }),
}));
