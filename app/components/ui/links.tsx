import { Link as RouterLink, NavLink as RouterNavLink, type LinkProps, type NavLinkProps } from 'react-router';
import type { Ref } from 'react';

/**
 * React Router's links, without the `data-discover` marker on every anchor: the browser loads
 * the whole route manifest with the page (`routeDiscovery: 'initial'`, ADR 0047), so no link has
 * routes to discover, and the marker was ~500 bytes of each page's HTML (issue 20). Pages import
 * their links from here, not from `react-router`.
 *
 * On the server a link to a plain absolute path is the anchor React Router would render, drawn
 * directly: its `Link` resolves every path against the matched routes (twice, with a JSON copy
 * of their paths each time), about a twentieth of an uncached page's render (issue 36). In the
 * browser every link is React Router's, which hydrates the same `href` and handles the click.
 */
export function Link(props: LinkProps & { ref?: Ref<HTMLAnchorElement> }) {
  if (import.meta.env.SSR) return <ServerLink {...props} />;
  const { ref, ...link } = props;
  return <RouterLink ref={ref} discover="none" {...link} />;
}

/** A link as the server draws it: the plain anchor where React Router would draw the same. */
export function ServerLink({ ref, ...props }: LinkProps & { ref?: Ref<HTMLAnchorElement> }) {
  if (isPlainServerLink(props)) return <PlainAnchor {...props} />;
  return <RouterLink ref={ref} discover="none" {...props} />;
}

export function NavLink({ ref, ...props }: NavLinkProps & { ref?: Ref<HTMLAnchorElement> }) {
  return <RouterNavLink ref={ref} discover="none" {...props} />;
}

/**
 * A path React Router would give back unchanged as the `href`: absolute, without `.`/`..`
 * segments or empty ones, an empty query or fragment, or anything but URL characters (the
 * server's basename is `/`).
 */
const PLAIN_PATH = /^\/(?:[\w\-~%!$&'()*+,;=:@]+(?:\.[\w\-~%!$&'()*+,;=:@]+)*\/?)*(?:\?[^#\s]+)?(?:#\S+)?$/;

export function isPlainServerLink(props: LinkProps): props is LinkProps & { to: string } {
  return (
    typeof props.to === 'string' &&
    PLAIN_PATH.test(props.to) &&
    !props.reloadDocument &&
    !props.relative &&
    !props.mask &&
    (props.prefetch === undefined || props.prefetch === 'none')
  );
}

/** The anchor itself: the props React Router reads for navigation are not attributes. */
function PlainAnchor(props: LinkProps & { to: string }) {
  const {
    to,
    replace,
    state,
    preventScrollReset,
    viewTransition,
    prefetch,
    discover,
    reloadDocument,
    relative,
    defaultShouldRevalidate,
    mask,
    onClick,
    ...anchor
  } = props;
  void [replace, state, preventScrollReset, viewTransition, prefetch, discover, reloadDocument, relative, defaultShouldRevalidate, mask, onClick];
  return <a {...anchor} href={to} />;
}
