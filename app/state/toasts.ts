import { create } from 'zustand';

export type ToastTone = 'success' | 'danger' | 'info';

/** A button on the toast ("Undo"): tapping it runs `run` and closes the toast. */
export interface ToastAction {
  label: string;
  run(): void;
}

export interface Toast {
  id: number;
  message: string;
  tone: ToastTone;
  action?: ToastAction;
}

export interface ToastOptions {
  action?: ToastAction;
  /** How long it stays; an action's toast stays as long as its action is offered. */
  shownMs?: number;
}

/** How long a toast stays: long enough to read a short sentence twice. */
export const TOAST_SHOWN_MS = 4_000;
/** More at once is noise: the oldest gives way. */
export const MAX_TOASTS = 3;

interface ToastsState {
  toasts: Toast[];
  show(message: string, tone?: ToastTone, options?: ToastOptions): number;
  dismiss(id: number): void;
}

let nextId = 1;

/** Short confirmations ("Saved") shown by the one `<ToastHost>` of the layout. */
export const useToasts = create<ToastsState>((set, get) => ({
  toasts: [],
  show: (message, tone = 'success', options = {}) => {
    const id = nextId++;
    // The same words twice in a row (a member saving twice): one toast, kept on screen anew.
    const others = get().toasts.filter((toast) => toast.message !== message);
    set({ toasts: [...others, { id, message, tone, action: options.action }].slice(-MAX_TOASTS) });
    setTimeout(() => get().dismiss(id), options.shownMs ?? TOAST_SHOWN_MS);
    return id;
  },
  dismiss: (id) => set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) })),
}));

/** Shows a toast from anywhere (event handlers, after a save). */
export function showToast(message: string, tone?: ToastTone, options?: ToastOptions): number {
  return useToasts.getState().show(message, tone, options);
}
