import { create } from 'zustand';

/** Spec §4: sign-up progress is started, then complete or closed. */
export type SignupProgress = 'idle' | 'started' | 'complete' | 'closed';

interface SignupModalState {
  isOpen: boolean;
  targetProfileId: number | null;
  progress: SignupProgress;
  open(targetProfileId?: number): void;
  close(): void;
  setProgress(progress: SignupProgress): void;
}

/** The sign-up modal any page can open (e.g. when a visitor tries to like or write). */
export const useSignupModal = create<SignupModalState>((set) => ({
  isOpen: false,
  targetProfileId: null,
  progress: 'idle',
  open: (targetProfileId) => set({ isOpen: true, targetProfileId: targetProfileId ?? null, progress: 'idle' }),
  close: () => set((state) => ({ isOpen: false, progress: state.progress === 'complete' ? 'complete' : 'closed' })),
  setProgress: (progress) => set({ progress }),
}));
