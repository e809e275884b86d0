/** The features the icons lander names; each has its own drawing below. */
export const FEATURES = ['search', 'chat', 'safe', 'likes', 'invisible', 'gifts'] as const;
export type Feature = (typeof FEATURES)[number];

/**
 * Line drawings for the icons lander, made for it (no icon font, nothing fetched): a 24-unit
 * grid, round caps, drawn in the current text colour so the theme decides their colour.
 */
const PATHS: Record<Feature, string[]> = {
  search: ['M10.5 4a6.5 6.5 0 1 0 0 13a6.5 6.5 0 1 0 0-13Z', 'm15.5 15.5 5 5'],
  chat: ['M4 5.5h16v10H9.5L5 19.5v-4H4Z', 'M8 9.5h8', 'M8 12.5h5'],
  safe: ['M12 3 5 6v5.5c0 4.4 3 7.9 7 9.5 4-1.6 7-5.1 7-9.5V6Z', 'm8.8 12 2.3 2.3 4.3-4.6'],
  likes: ['M12 20s-7.5-4.6-7.5-10A4.3 4.3 0 0 1 12 7.6 4.3 4.3 0 0 1 19.5 10c0 5.4-7.5 10-7.5 10Z'],
  invisible: ['M3 12s3.3-6 9-6 9 6 9 6-3.3 6-9 6-9-6-9-6Z', 'M12 9.5a2.5 2.5 0 1 0 0 5a2.5 2.5 0 1 0 0-5Z', 'm4 4 16 16'],
  gifts: ['M4 9.5h16v3H4Z', 'M5.5 12.5h13V20h-13Z', 'M12 9.5V20', 'M12 9.5C10.5 6 7 5.5 7 7.8c0 1.4 2.3 1.7 5 1.7 2.7 0 5-.3 5-1.7 0-2.3-3.5-1.8-5 1.7Z'],
};

export function FeatureIcon({ feature }: { feature: Feature }) {
  return (
    <svg
      className="feature-icon"
      width="28"
      height="28"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {PATHS[feature].map((path) => (
        <path key={path} d={path} />
      ))}
    </svg>
  );
}
