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
  /**
   * The address a sign-up in the modal was just made with: the completion step shows from it, so
   * it survives the layout swapping once the visitor is a member (the page beneath may redirect).
   */
  completedEmail: string | null;
  open(targetProfileId?: number, target?: ProfileTeaser): void;
  close(): void;
  setProgress(progress: SignupProgress, completedEmail?: string): void;
}

/** The sign-up modal any page can open (e.g. when a visitor tries to like or write). */
export const useSignupModal = create<SignupModalState>((set) => ({
  isOpen: false,
  targetProfileId: null,
  target: null,
  progress: 'idle',
  completedEmail: null,
  open: (targetProfileId, target) =>
    set({ isOpen: true, targetProfileId: targetProfileId ?? null, target: target ?? null, progress: 'idle', completedEmail: null }),
  close: () => set((state) => ({ isOpen: false, progress: state.progress === 'complete' ? 'complete' : 'closed' })),
  setProgress: (progress, completedEmail) => set(completedEmail ? { progress, completedEmail } : { progress }),
}));
