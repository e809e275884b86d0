import { useEffect, useRef, useState } from 'react';
import { useNavigation } from 'react-router';

/** Spec §9: show only for navigations slower than 200 ms, creep over 5 s, hide 500 ms after. */
export const PROGRESS_THROTTLE_MS = 200;
export const PROGRESS_DURATION_MS = 5_000;
export const PROGRESS_HIDE_DELAY_MS = 500;

export function PageProgressBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const [percent, setPercent] = useState<number | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useEffect(() => {
    const clear = () => timers.current.splice(0).forEach(clearTimeout);
    clear();
    if (busy) {
      timers.current.push(
        setTimeout(() => {
          setPercent(10);
          // Creep towards 90 % over the duration; the real end jumps to 100 %.
          const started = Date.now();
          const tick = () => {
            const elapsed = Date.now() - started;
            setPercent(10 + 80 * Math.min(1, elapsed / PROGRESS_DURATION_MS));
            if (elapsed < PROGRESS_DURATION_MS) timers.current.push(setTimeout(tick, 100));
          };
          tick();
        }, PROGRESS_THROTTLE_MS),
      );
    } else {
      setPercent((current) => (current === null ? null : 100));
      timers.current.push(setTimeout(() => setPercent(null), PROGRESS_HIDE_DELAY_MS));
    }
    return clear;
  }, [busy]);

  if (percent === null) return null;
  return <div className="page-progress" style={{ width: `${percent}%` }} role="progressbar" aria-hidden="true" />;
}
