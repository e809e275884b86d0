import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_TOASTS, showToast, TOAST_SHOWN_MS, useToasts } from './toasts';

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useToasts.setState({ toasts: [] });
  });
  afterEach(() => vi.useRealTimers());

  it('shows a toast and takes it away after a while', () => {
    showToast('Saved');
    expect(useToasts.getState().toasts.map((toast) => toast.message)).toEqual(['Saved']);
    vi.advanceTimersByTime(TOAST_SHOWN_MS - 1);
    expect(useToasts.getState().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(useToasts.getState().toasts).toHaveLength(0);
  });

  it('keeps one toast for the same words said twice, shown for the full time from the second', () => {
    showToast('Saved');
    vi.advanceTimersByTime(3_000);
    showToast('Saved');
    expect(useToasts.getState().toasts).toHaveLength(1);
    vi.advanceTimersByTime(3_000);
    expect(useToasts.getState().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1_000);
    expect(useToasts.getState().toasts).toHaveLength(0);
  });

  it('lets the oldest give way when too many come at once', () => {
    for (let index = 0; index < MAX_TOASTS + 2; index++) showToast(`message ${index}`, 'info');
    const shown = useToasts.getState().toasts;
    expect(shown).toHaveLength(MAX_TOASTS);
    expect(shown.at(-1)).toMatchObject({ message: `message ${MAX_TOASTS + 1}`, tone: 'info' });
  });

  it('closes a toast at once when dismissed', () => {
    const id = showToast('Saved');
    useToasts.getState().dismiss(id);
    expect(useToasts.getState().toasts).toHaveLength(0);
  });
});
