import { describe, expect, it } from 'vitest';
import { capBox, pointOf } from './place-box';

const ORIGINS = [
  { name: 'Edinburgh', latitude: 55.95206, longitude: -3.19648 },
  { name: 'Dijon', latitude: 47.322, longitude: 5.0415 },
  { name: 'Tulsa', latitude: 36.15398, longitude: -95.99277 },
  { name: 'Quito, on the equator', latitude: -0.22, longitude: -78.5125 },
  { name: 'Suva, beside the antimeridian', latitude: -18.1416, longitude: 178.4419 },
  { name: 'near the north pole', latitude: 89.9, longitude: 10 },
];
const CHORDS = [1, 16.1, 80.4, 402.3, 804.1, 5000, 12742];

/** Places spread over the whole sphere, the same every run (a fixed linear congruential sequence). */
function placesEverywhere(count: number) {
  let seed = 12345;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  return Array.from({ length: count }, () => ({ latitude: (Math.asin(2 * next() - 1) * 180) / Math.PI, longitude: 360 * next() - 180 }));
}
const distance = (a: number[], b: number[]) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

describe('capBox', () => {
  const places = placesEverywhere(20_000);
  for (const origin of ORIGINS)
    it(`holds every place within the radius around ${origin.name}, and is no bigger than the cube around it`, () => {
      const centre = pointOf(origin.latitude, origin.longitude);
      for (const chord of CHORDS) {
        // Places near the radius's edge too: along a meridian from the origin.
        const nearEdge = [-1, 1].flatMap((side) =>
          Array.from({ length: 50 }, (_, step) => ({ latitude: origin.latitude + (side * (step * chord)) / 50 / 111, longitude: origin.longitude })),
        );
        const box = capBox(origin, chord);
        for (const place of [...places, ...nearEdge]) {
          const point = pointOf(place.latitude, place.longitude);
          if (distance(point, centre) > chord) continue;
          const inside = point.every((value, axis) => value >= box.low[axis] && value <= box.high[axis]);
          expect({ origin: origin.name, chord, place, inside }).toEqual({ origin: origin.name, chord, place, inside: true });
        }
        for (let axis = 0; axis < 3; axis++) {
          expect(box.high[axis] - box.low[axis]).toBeLessThanOrEqual(2 * chord + 0.002);
        }
      }
    });

  it('is much smaller than the cube where the sphere is seen at an angle', () => {
    const box = capBox(ORIGINS[0], 804.1);
    const volume = box.high.reduce((product, high, axis) => product * (high - box.low[axis]), 1);
    expect(volume / (2 * 804.1) ** 3).toBeLessThan(0.5);
  });
});
