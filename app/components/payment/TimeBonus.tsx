import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { rememberDismissal, wasDismissed } from '../../lib/dismissals';
import { useRootData } from '../../root';
import { useCredits } from '../../state/counters';
import { useTimeBonus } from '../../state/time-bonus';

/** The modal's code loads only when a member is shown it (never on visitors' pages). */
const TimeBonusDialog = lazy(() => import('./TimeBonusDialog'));

/** Spec §9: the modal appears 40 s after the member enters the members area. */
export const TIME_BONUS_MODAL_DELAY_MS = 40_000;
const DEFAULT_PERCENTAGE = 25;
/** Pages where the member is already buying: the modal would only interrupt. */
const CHECKOUT_PATHS = ['/credits', '/directdebit'];

/**
 * Runs the time bonus for the logged-in member (and clears it on logout or once paid), and shows
 * its modal (spec §2, §4): after 40 s, only with 0 credits, while the bonus runs, and never again
 * once dismissed (`hide-time-bonus-modal`). Its button leads to /credits, where the server applies
 * the bonus by itself as the active discount.
 */
export function TimeBonus() {
  const { user } = useRootData();
  const { pathname } = useLocation();
  const isVisible = useTimeBonus((state) => state.isVisible);
  const percentage = useTimeBonus((state) => state.discountcode?.value_percentage ?? DEFAULT_PERCENTAGE);
  // The live balance: credits spent in this tab count at once.
  const credits = useCredits(user?.credits ?? 0);
  const [delayPassed, setDelayPassed] = useState(false);
  const [dismissed, setDismissed] = useState(true);

  const memberId = user?.id ?? null;
  const paid = user?.paid_user ?? false;
  const createdAt = user?.created_at ?? null;
  useEffect(() => {
    const timeBonus = useTimeBonus.getState();
    timeBonus.start(memberId && createdAt ? { paid_user: paid, created_at: createdAt } : null);
    if (useTimeBonus.getState().isVisible) void timeBonus.loadDiscountCode();
  }, [memberId, paid, createdAt]);

  useEffect(() => {
    setDelayPassed(false);
    if (!memberId) return;
    setDismissed(wasDismissed('hide-time-bonus-modal'));
    const timer = setTimeout(() => setDelayPassed(true), TIME_BONUS_MODAL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [memberId]);

  const onCheckout = CHECKOUT_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));
  const show = !!user && credits === 0 && isVisible && delayPassed && !dismissed && !onCheckout;

  const dismiss = () => {
    rememberDismissal('hide-time-bonus-modal');
    setDismissed(true);
  };

  // Once shown, the dialog stays mounted so that it fades out as before.
  const [wasShown, setWasShown] = useState(false);
  if (show && !wasShown) setWasShown(true);
  if (!wasShown) return null;
  return (
    <Suspense fallback={null}>
      <TimeBonusDialog show={show} percentage={percentage} onDismiss={dismiss} />
    </Suspense>
  );
}
