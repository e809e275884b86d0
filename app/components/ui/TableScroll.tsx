import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Holds a table that may be wider than a phone: it scrolls inside this box, never the page.
 * While it overflows, the box is a named region that takes keyboard focus, so it can be
 * scrolled without a mouse (WCAG 2.1.1); a table that fits adds no tab stop.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={box} className="table-responsive table-scroll" {...(overflows && { role: 'region', 'aria-label': label, tabIndex: 0 })}>
      {children}
    </div>
  );
}
