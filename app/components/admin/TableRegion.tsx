import type { ReactNode } from 'react';

/**
 * A console table's container: it scrolls sideways when a table is wider than the screen, so it
 * is a named region a keyboard can reach and scroll (axe: scrollable-region-focusable).
 */
export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="admin-table-wrap" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
