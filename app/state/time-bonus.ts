import { create } from 'zustand';
import type { User } from '../../contract/accounts';
import type { DiscountCode, DiscountCodeResponse } from '../../contract/payments';
import { api } from '../lib/api-client';

/** Spec §9: the time bonus lasts 4 hours (14400 s) from sign-up and ticks every second. */
export const TIME_BONUS_SECONDS = 14_400;
const TICK_MS = 1_000;

/** Spec §3: the time left as two-digit text. */
export interface CountdownTimer {
  hours: string;
  minutes: string;
  seconds: string;
}

const pad = (value: number) => String(value).padStart(2, '0');

export function toCountdownTimer(secondsLeft: number): CountdownTimer {
  const whole = Math.max(0, Math.floor(secondsLeft));
  return { hours: pad(Math.floor(whole / 3600)), minutes: pad(Math.floor((whole % 3600) / 60)), seconds: pad(whole % 60) };
}

/** When the member's time bonus ends (ms since the epoch), or null when they have none (spec §4). */
export function timeBonusEndsAt(user: Pick<User, 'paid_user' | 'created_at'> | null): number | null {
  if (!user || user.paid_user) return null;
  const signedUp = new Date(user.created_at).getTime();
  return Number.isFinite(signedUp) ? signedUp + TIME_BONUS_SECONDS * 1000 : null;
}

const EMPTY_TIMER = toCountdownTimer(0);

interface TimeBonusState {
  isVisible: boolean;
  countdownTimer: CountdownTimer;
  countdownInterval: ReturnType<typeof setInterval> | null;
  /** The TIMEBONUS25 code as the server presents it to this member, once loaded. */
  discountcode: DiscountCode | null;
  endsAt: number | null;
  /**
   * Starts the countdown for a member who qualifies, keeps a running one, and clears it for a
   * visitor (logged out), a paid member, or one who signed up 4 hours ago or more.
   */
  start(user: Pick<User, 'paid_user' | 'created_at'> | null): void;
  /** Asks the server for the code that applies by itself; a failure is ignored (spec §7). */
  loadDiscountCode(): Promise<void>;
  clear(): void;
}

/** The time bonus (spec §3, §4): visible while it runs, with a one-second countdown. */
export const useTimeBonus = create<TimeBonusState>((set, get) => ({
  isVisible: false,
  countdownTimer: EMPTY_TIMER,
  countdownInterval: null,
  discountcode: null,
  endsAt: null,

  start(user) {
    const endsAt = timeBonusEndsAt(user);
    if (endsAt === null || endsAt <= Date.now()) return get().clear();
    if (get().endsAt === endsAt && get().countdownInterval) return;
    get().clear();
    const tick = () => {
      const left = Math.round((endsAt - Date.now()) / 1000);
      if (left <= 0) get().clear();
      else set({ countdownTimer: toCountdownTimer(left) });
    };
    set({ isVisible: true, endsAt, countdownInterval: setInterval(tick, TICK_MS) });
    tick();
  },

  async loadDiscountCode() {
    try {
      const { discountcode } = await api<DiscountCodeResponse>('discountcode.php');
      if (!get().isVisible) return;
      // The server applies the time bonus only while it truly runs; never advertise one it would not apply.
      if (discountcode?.kind === 'time_bonus') set({ discountcode });
      else get().clear();
    } catch {
      // Spec §7: failures of discountcode.php are ignored; the countdown stays.
    }
  },

  clear() {
    const { countdownInterval } = get();
    if (countdownInterval) clearInterval(countdownInterval);
    set({ isVisible: false, countdownTimer: EMPTY_TIMER, countdownInterval: null, discountcode: null, endsAt: null });
  },
}));
