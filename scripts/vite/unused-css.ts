import purgeCss from '@fullhuman/postcss-purgecss';

/**
 * Drops the stylesheet's rules for classes no source file names (issue 19). Bootstrap's partials
 * come whole — every utility at every breakpoint — and on a phone the browser parses and matches
 * each rule on every page: 212 KB of CSS was ~45 ms of parsing and most of a 70–150 ms
 * style-and-layout task on Lighthouse's mobile CPU.
 *
 * A class survives when its name appears as a word in the app's source (`className="btn
 * btn-primary"`, a map of tones to classes, a server-rendered page) or in the react-bootstrap
 * components the app draws. Names the code puts together at run time (`btn-${variant}`) cannot be
 * seen in the source, so their families are kept whole below; a new `prefix-${…}` needs its
 * prefix here. Custom properties and keyframes are never dropped: the site themes set the former.
 */
const CONTENT = ['app/**/*.{ts,tsx}', 'server/**/*.ts', 'contract/**/*.ts', 'node_modules/react-bootstrap/esm/*.js'];

/** The site's colour tones (Bootstrap's theme colours and the unread-messages badge). */
const TONES = '(primary|secondary|success|danger|warning|info|light|dark|unread-messages)';

/** Classes whose names are built at run time, kept as families. */
const BUILT_AT_RUN_TIME = [
  // A tone or size chosen by data: btn-${variant}, btn-outline-…, text-bg-${tone}, bg-${tone}, alert-${tone}, btn-${size}.
  new RegExp(`^(btn|btn-outline|text-bg|bg|alert)-${TONES}$`),
  /^btn-(sm|lg)$/,
  // react-bootstrap names its parts from a prefix (`${bsPrefix}-dialog`).
  /^modal/,
  /^dropdown/,
  /^toast/,
  // The landers' and chat's own modifiers, chosen by data.
  /^video-slide--/,
  /^social-people--/,
  /^reel-/,
  /^partner-card-/,
  /^chevron--/,
];

export function unusedCss() {
  return purgeCss({
    content: CONTENT,
    // Words as the source writes them: class names hold letters, digits, `-`, `_`, `:` and `/`.
    defaultExtractor: (text: string) => text.match(/[\w:/-]+/g) ?? [],
    safelist: { standard: BUILT_AT_RUN_TIME },
    variables: false,
    keyframes: false,
    fontFace: false,
  });
}
