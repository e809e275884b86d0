import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';

const BACK_ONLINE_VISIBLE_MS = 3_000;

/** Tells the member when the device loses and regains its connection (spec §8). */
export function ConnectionIndicator() {
  const { t } = useTranslation();
  const [state, setState] = useState<'online' | 'offline' | 'back-online'>('online');

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const goOffline = () => {
      clearTimeout(timer);
      setState('offline');
    };
    const goOnline = () => {
      setState('back-online');
      timer = setTimeout(() => setState('online'), BACK_ONLINE_VISIBLE_MS);
    };
    if (!navigator.onLine) goOffline();
    window.addEventListener('offline', goOffline);
    window.addEventListener('online', goOnline);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('offline', goOffline);
      window.removeEventListener('online', goOnline);
    };
  }, []);

  if (state === 'online') return null;
  return (
    <div
      className={`connection-toast alert ${state === 'offline' ? 'alert-warning' : 'alert-success'} shadow-sm py-2 px-3 mb-0`}
      role="status"
      aria-live="polite"
    >
      {state === 'offline' ? t('connection.offline') : t('connection.back_online')}
    </div>
  );
}
