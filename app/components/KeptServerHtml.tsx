import { type ReactNode, useEffect, useRef } from 'react';

/**
 * Shows `children` when it has them; without them (a page hydrating text it got only as HTML,
 * see `useDocumentOnly`) it keeps the HTML the server rendered into it: React leaves the inner
 * HTML of an element with `dangerouslySetInnerHTML` alone while hydrating, and the empty string
 * given here is the only HTML it is ever given. Should that HTML be missing (the page rendered
 * again in the browser after a hydration error), `onMissing` fetches the data to render it.
 */
export function KeptServerHtml({ className, children, onMissing }: { className: string; children: ReactNode; onMissing: () => void }) {
  const element = useRef<HTMLDivElement>(null);
  const keeping = !children;
  useEffect(() => {
    if (keeping && element.current?.childElementCount === 0) onMissing();
  }, [keeping, onMissing]);
  if (!keeping) return <div className={className}>{children}</div>;
  return <div ref={element} className={className} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: '' }} />;
}
