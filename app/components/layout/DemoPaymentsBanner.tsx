/**
 * On a deployment whose payments are not real (the demo checkout, or a provider's test mode),
 * every page says so — error pages too — so that nobody takes a demo for a shop or a shop for
 * a demo. It takes its text ready-made because error pages render outside the i18n provider.
 */
export function DemoPaymentsBanner({ text }: { text: string }) {
  return (
    // A landmark of its own, so that every part of the page sits in one (axe: region).
    <aside className="demo-payments-banner mb-0 py-1 px-3 text-center small" aria-label={text} data-testid="demo-payments-banner">
      {text}
    </aside>
  );
}
