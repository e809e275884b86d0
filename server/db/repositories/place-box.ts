/**
 * The box a radius search gives the GiST index (ADR 0067): the smallest box, along the axes of
 * `member_point`'s space, around the places within `chord` km (straight through the earth) of
 * `origin`. Those places are a cap of the sphere, cut off by a plane: every point P on the sphere
 * with P · n ≥ h, where n points to the origin and h = R − chord² / 2R. Along each axis the cap
 * reaches either the sphere's own extreme (when that point lies in the cap) or the edge of the
 * circle where the plane cuts the sphere.
 *
 * `cube_enlarge(origin, chord)`, the box before, is a cube of side 2 × chord around the origin; on
 * a sphere seen at an angle most of it is outside the radius, and a count passed those members
 * (e.g. 4,800 of them for 500 miles around Edinburgh). The exact distance is still tested, so
 * the box only has to hold everyone inside; 1 m more on each side absorbs rounding.
 */
const EARTH_RADIUS_KM = 6371;
const ROUNDING_KM = 0.001;

export interface Box {
  low: [number, number, number];
  high: [number, number, number];
}

/** A place as `member_point` computes it (SQL, migration 0039): km on a sphere of the earth's radius. */
export function pointOf(latitude: number, longitude: number): [number, number, number] {
  const lat = (latitude * Math.PI) / 180;
  const lon = (longitude * Math.PI) / 180;
  return [EARTH_RADIUS_KM * Math.cos(lat) * Math.cos(lon), EARTH_RADIUS_KM * Math.cos(lat) * Math.sin(lon), EARTH_RADIUS_KM * Math.sin(lat)];
}

export function capBox(origin: { latitude: number; longitude: number }, chord: number): Box {
  const R = EARTH_RADIUS_KM;
  const normal = pointOf(origin.latitude, origin.longitude).map((value) => value / R);
  const h = Math.max(-R, Math.min(R, R - (chord * chord) / (2 * R)));
  const circleRadius = Math.sqrt(Math.max(0, R * R - h * h));
  const low: number[] = [];
  const high: number[] = [];
  for (const n of normal) {
    const reach = circleRadius * Math.sqrt(Math.max(0, 1 - n * n));
    high.push((R * n >= h ? R : h * n + reach) + ROUNDING_KM);
    low.push((-R * n >= h ? -R : h * n - reach) - ROUNDING_KM);
  }
  return { low: low as Box['low'], high: high as Box['high'] };
}
