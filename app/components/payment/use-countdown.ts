import { useEffect, useState } from 'react';

const pad = (value: number) => String(value).padStart(2, '0');

/** Seconds as two-digit hours, minutes and seconds (hours may pass 24: "71:59:59"). */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${pad(Math.floor(whole / 3600))}:${pad(Math.floor((whole % 3600) / 60))}:${pad(whole % 60)}`;
}

/**
 * Seconds left until `expires`, ticking every second. Null until mounted, so the server render
 * and the first browser paint agree (their clocks and time zones differ).
 */
export function useCountdown(expires: string | null): number | null {
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => {
    if (!expires) return;
    const end = new Date(expires).getTime();
    const tick = () => setLeft(Math.max(0, Math.round((end - Date.now()) / 1000)));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [expires]);
  return expires ? left : null;
}
