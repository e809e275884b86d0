import { Suspense, useState, type ReactNode } from 'react';

/**
 * Nothing until `shown` is first true, then `children` for good: a dialog whose code is loaded
 * with React's `lazy` stays off the page's first load, and once opened it stays mounted, so it
 * still fades out when closed.
 */
export function MountWhenFirstShown({ shown, children }: { shown: boolean; children: ReactNode }) {
  const [wasShown, setWasShown] = useState(shown);
  if (shown && !wasShown) setWasShown(true);
  if (!wasShown) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}
