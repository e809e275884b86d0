import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';

/**
 * A moment in the reader's own time zone. The server render and the first paint use UTC (the
 * server cannot know the browser's zone, and both must agree to hydrate); local time follows.
 */
export function LocalDateTime({ value, withTime = true }: { value: string; withTime?: boolean }) {
  const { i18n } = useTranslation();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const format = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    ...(withTime ? { timeStyle: 'short' } : {}),
    ...(hydrated ? {} : { timeZone: 'UTC' }),
  });
  return <time dateTime={value}>{format.format(new Date(value))}</time>;
}
