import { useTranslation } from '../../lib/use-translation';
import { useTimeBonus } from '../../state/time-bonus';

/** The time bonus's time left, as "03:59:59", updated every second by the store. */
export function TimeBonusCountdown({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const { hours, minutes, seconds } = useTimeBonus((state) => state.countdownTimer);
  return (
    <span className={className}>
      {t('time_bonus.time_left')}{' '}
      <span role="timer" className="font-monospace fw-bold" data-testid="time-bonus-countdown">
        {hours}:{minutes}:{seconds}
      </span>
    </span>
  );
}
