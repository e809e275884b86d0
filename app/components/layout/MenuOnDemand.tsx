import { type ComponentType, type LazyExoticComponent, type ReactNode, Suspense, useEffect, useState } from 'react';

/** What a dropdown loaded on demand is told when it replaces its stand-in button. */
export interface OnDemandMenuProps {
  /** The stand-in was clicked: open the menu at once. */
  defaultShow: boolean;
}

/**
 * A top-bar dropdown whose code (react-bootstrap's Dropdown with Popper, ~14 KB gzip) loads on the
 * first sign of use — pointer over, focus or click of its button — instead of with every page.
 * Until then a button with the same markup stands in (`.dropdown > .dropdown-toggle.btn`), so the
 * first screen looks the same; the real dropdown takes its place, open if the stand-in was clicked,
 * and keeps the keyboard focus it had.
 */
export function MenuOnDemand<P extends object>({
  id,
  className = '',
  toggle,
  menu: Menu,
  menuProps,
}: {
  /** The toggle's id, the same the real dropdown gives its toggle. */
  id: string;
  /** Extra classes of the real toggle. */
  className?: string;
  /** What the toggle shows (the same component the real dropdown's toggle renders). */
  toggle: ReactNode;
  menu: LazyExoticComponent<ComponentType<P & OnDemandMenuProps>>;
  menuProps: P;
}) {
  const [wanted, setWanted] = useState<{ open: boolean; focused: boolean } | null>(null);
  const want = (change: { open?: boolean; focused?: boolean }) =>
    setWanted((current) => ({ open: false, focused: false, ...current, ...change }));
  const standIn = (
    <div className="dropdown">
      <button
        type="button"
        id={id}
        aria-expanded="false"
        className={`dropdown-toggle btn btn-outline-light btn-sm ${className}`.trim()}
        onPointerEnter={() => want({})}
        onFocus={() => want({ focused: true })}
        onBlur={() => want({ focused: false })}
        onClick={() => want({ open: true })}
      >
        {toggle}
      </button>
    </div>
  );
  if (!wanted) return standIn;
  return (
    <Suspense fallback={standIn}>
      <Menu {...menuProps} defaultShow={wanted.open} />
      {wanted.focused && <TakeFocus id={id} />}
    </Suspense>
  );
}

/** The stand-in had the focus when it was replaced: the real toggle takes it over (the browser dropped it to the body). */
function TakeFocus({ id }: { id: string }) {
  useEffect(() => {
    if (document.activeElement === document.body) document.getElementById(id)?.focus();
  }, [id]);
  return null;
}
