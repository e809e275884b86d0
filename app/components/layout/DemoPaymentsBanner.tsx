import { useEffect, useState } from 'react';
import { rememberDismissalForSession, wasDismissedThisSession } from '../../lib/dismissals';

/**
 * On a deployment whose payments are not real (the demo checkout, or a provider's test mode),
 * every page says so — error pages too — so that nobody takes a demo for a shop or a shop for
 * a demo. It takes its texts ready-made because error pages render outside the i18n provider.
 * On a phone it is the last of the top cards (issue 35): hidden while a member notice shows
 * (`_layout.scss`), and closable for the visit; wider screens keep the bar.
 */
export function DemoPaymentsBanner({ text, closeLabel }: { text: string; closeLabel: string }) {
  // Read after hydration, so server and browser render alike.
  const [closed, setClosed] = useState(false);
  useEffect(() => setClosed(wasDismissedThisSession('hide-demo-card')), []);
  return (
    // A landmark of its own, so that every part of the page sits in one (axe: region).
    <aside
      className={`demo-payments-banner mb-0 py-1 px-3 small d-flex align-items-center justify-content-center gap-2${closed ? ' d-none d-sm-flex' : ''}`}
      aria-label={text}
      data-testid="demo-payments-banner"
    >
      <span>{text}</span>
      <button
        type="button"
        className="btn-close d-sm-none"
        aria-label={closeLabel}
        onClick={() => {
          rememberDismissalForSession('hide-demo-card');
          setClosed(true);
        }}
      />
    </aside>
  );
}
