import { create } from 'zustand';

/** How long "is typing…" stays after the last typing signal. */
export const TYPING_VISIBLE_MS = 4_000;

interface TypingState {
  /** Per conversation: until when the other member counts as typing. */
  until: Record<number, number>;
  saw(conversationId: number, now?: number): void;
  clear(conversationId: number): void;
}

export const useTyping = create<TypingState>((set) => ({
  until: {},
  saw: (conversationId, now = Date.now()) => set((state) => ({ until: { ...state.until, [conversationId]: now + TYPING_VISIBLE_MS } })),
  clear: (conversationId) => set((state) => ({ until: { ...state.until, [conversationId]: 0 } })),
}));
