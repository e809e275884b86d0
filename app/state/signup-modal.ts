import { create } from 'zustand';

/** Spec §4: sign-up progress is started, then complete or closed. */
export type SignupProgress = 'idle' | 'started' | 'complete' | 'closed';

interface SignupModalState {
  isOpen: boolean;
  targetProfileId: number | null;
  /** The target's name, for the first-message field and its price; without it no message is asked. */
  targetName: string | null;
  progress: SignupProgress;
  open(targetProfileId?: number, targetName?: string): void;
  close(): void;
  setProgress(progress: SignupProgress): void;
}

/** The sign-up modal any page can open (e.g. when a visitor tries to like or write). */
export const useSignupModal = create<SignupModalState>((set) => ({
  isOpen: false,
  targetProfileId: null,
  targetName: null,
  progress: 'idle',
  open: (targetProfileId, targetName) => set({ isOpen: true, targetProfileId: targetProfileId ?? null, targetName: targetName ?? null, progress: 'idle' }),
  close: () => set((state) => ({ isOpen: false, progress: state.progress === 'complete' ? 'complete' : 'closed' })),
  setProgress: (progress) => set({ progress }),
}));
