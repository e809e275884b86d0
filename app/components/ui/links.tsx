import { Link as RouterLink, NavLink as RouterNavLink, type LinkProps, type NavLinkProps } from 'react-router';
import type { Ref } from 'react';

/**
 * React Router's links, without the `data-discover` marker on every anchor: the browser loads
 * the whole route manifest with the page (`routeDiscovery: 'initial'`, ADR 0047), so no link has
 * routes to discover, and the marker was ~500 bytes of each page's HTML (issue 20). Pages import
 * their links from here, not from `react-router`.
 */
export function Link({ ref, ...props }: LinkProps & { ref?: Ref<HTMLAnchorElement> }) {
  return <RouterLink ref={ref} discover="none" {...props} />;
}

export function NavLink({ ref, ...props }: NavLinkProps & { ref?: Ref<HTMLAnchorElement> }) {
  return <RouterNavLink ref={ref} discover="none" {...props} />;
}
