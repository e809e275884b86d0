/** Where the pins stand on the drawing (0–100): a made-up landscape, not any real country. */
const PINS = [
  { x: 30, y: 38, delay: 0 },
  { x: 62, y: 28, delay: 0.6 },
  { x: 48, y: 62, delay: 1.2 },
  { x: 74, y: 58, delay: 1.8 },
  { x: 22, y: 70, delay: 2.4 },
];

/**
 * The hero's drawing: a stylised map of dots with a few pins that pulse. It is decoration —
 * the pins stand for regions in general and are placed by design, never by anyone's address.
 */
export function MapHeroArt() {
  const dots = [];
  for (let row = 0; row < 9; row++) {
    for (let column = 0; column < 11; column++) {
      const x = 6 + column * 8.8 + (row % 2) * 4.4;
      const y = 8 + row * 10.5;
      // A rounded landmass: dots outside an ellipse are left out.
      if (((x - 50) / 46) ** 2 + ((y - 50) / 44) ** 2 <= 1) dots.push(<circle key={`${row}-${column}`} cx={x} cy={y} r="1.6" />);
    }
  }
  return (
    <svg className="map-hero__art d-none d-md-block flex-shrink-0" viewBox="0 0 100 100" width="260" height="260" aria-hidden="true" focusable="false">
      <g className="map-hero__dots">{dots}</g>
      {PINS.map((pin) => (
        <g key={`${pin.x}-${pin.y}`} transform={`translate(${pin.x} ${pin.y})`}>
          <circle className="map-hero__pulse" r="4" style={{ animationDelay: `${pin.delay}s` }} />
          <path className="map-hero__pin" d="M0 0c-3.2-4-5-6.6-5-9a5 5 0 0 1 10 0c0 2.4-1.8 5-5 9Z" />
          <circle className="map-hero__pin-dot" cy="-9" r="1.8" />
        </g>
      ))}
    </svg>
  );
}
