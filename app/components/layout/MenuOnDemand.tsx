import { type ComponentType, type LazyExoticComponent, type ReactNode, Suspense, useEffect, useState } from 'react';

/** What a dropdown loaded on demand is told when it replaces its stand-in button. */
export interface OnDemandMenuProps {
  /** The stand-in was clicked: open the menu at once. */
  defaultShow: boolean;
}

/**
 * A top-bar dropdown whose code (react-bootstrap's Dropdown with Popper, ~14 KB gzip) loads on the
 * first sign of use — pointer over or focus of its button — instead of with every page. Until it
 * is clicked a button with the same markup stands in (`.dropdown > .dropdown-toggle.btn`), so the
 * first screen looks the same; a click (or Enter) puts the real dropdown in its place, open, with
 * the keyboard focus the stand-in had. The swap waits for the click: replacing the button between
 * a press and its release would lose the click.
 */
export function MenuOnDemand<P extends object>({
  id,
  className = '',
  toggle,
  menu: Menu,
  preload,
  menuProps,
}: {
  /** The toggle's id, the same the real dropdown gives its toggle. */
  id: string;
  /** Extra classes of the real toggle. */
  className?: string;
  /** What the toggle shows (the same component the real dropdown's toggle renders). */
  toggle: ReactNode;
  menu: LazyExoticComponent<ComponentType<P & OnDemandMenuProps>>;
  /** Starts loading the menu's module (the same import `menu` was made from). */
  preload: () => Promise<unknown>;
  menuProps: P;
}) {
  const [opened, setOpened] = useState<{ focused: boolean } | null>(null);
  const warm = () => void preload().catch(() => {});
  const standIn = (
    <div className="dropdown">
      <button
        type="button"
        id={id}
        aria-expanded="false"
        className={`dropdown-toggle btn btn-outline-light btn-sm ${className}`.trim()}
        onPointerEnter={warm}
        onFocus={warm}
        onClick={(event) => setOpened({ focused: document.activeElement === event.currentTarget })}
      >
        {toggle}
      </button>
    </div>
  );
  if (!opened) return standIn;
  return (
    <Suspense fallback={standIn}>
      <Menu {...menuProps} defaultShow />
      {opened.focused && <TakeFocus id={id} />}
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
