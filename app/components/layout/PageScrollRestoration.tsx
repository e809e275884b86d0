import { UNSAFE_useScrollRestoration as useScrollRestoration } from 'react-router';

/** React Router's key for the scroll positions it keeps in sessionStorage. */
const STORAGE_KEY = 'react-router-scroll-positions';

/**
 * Before the page hydrates, scrolls a reloaded or revisited document back to where the member
 * left it, from the positions React Router keeps; after hydration its hook keeps them up to date.
 * The same work as React Router's `<ScrollRestoration>`, whose inline script is its source as
 * written (indented, ~600 bytes of every page, issue 20); this one is ~260.
 */
const RESTORE_SCRIPT =
  `(function(h,s,k){var key=h.state&&h.state.key;if(!key){key=Math.random().toString(32).slice(2);h.replaceState({key:key},"")}` +
  `try{var y=JSON.parse(s.getItem(k)||"{}")[key];if(typeof y=="number")scrollTo(0,y)}catch(e){s.removeItem(k)}})(history,sessionStorage,${JSON.stringify(STORAGE_KEY)})`;

export function PageScrollRestoration({ nonce }: { nonce: string | undefined }) {
  useScrollRestoration({ storageKey: STORAGE_KEY });
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: RESTORE_SCRIPT }} />;
}
