import KDBush from 'kdbush';
import { describe, expect, it } from 'vitest';
import { distanceKm, findNearestPlace, scorePlace, urbanRadiusKm, type PlaceIndex } from './find-nearest';

type Place = { lat: number; lon: number; population?: number };

function indexPlaces(places: Place[]): PlaceIndex {
  const index = new KDBush(places.length);
  const lats = new Float64Array(places.length);
  const lons = new Float64Array(places.length);
  const radii = new Float32Array(places.length);
  places.forEach(({ lat, lon, population = 0 }, i) => {
    index.add(lon, lat);
    lats[i] = lat;
    lons[i] = lon;
    radii[i] = urbanRadiusKm(population);
  });
  index.finish();
  return { index, lats, lons, radii, maxRadiusKm: Math.max(...radii) };
}

/** mulberry32: deterministic pseudo-random numbers so a failure can be replayed. */
function createRandom(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('findNearestPlace', () => {
  it('matches a brute-force search', () => {
    const random = createRandom(42);
    const randomPoint = () => ({ lat: -60 + random() * 135, lon: -180 + random() * 360 });
    // Populations from 1000 to ~10 million, skewed small like real places.
    const places = Array.from({ length: 8000 }, () => ({
      ...randomPoint(),
      population: Math.round(1000 * 10_000 ** (random() ** 3)),
    }));
    const indexed = indexPlaces(places);
    let hits = 0;
    for (let q = 0; q < 200; q++) {
      const { lat, lon } = randomPoint();
      let bruteId = -1;
      let bruteScore = Infinity;
      places.forEach((place, id) => {
        const km = distanceKm(lat, lon, place.lat, place.lon);
        const score = scorePlace(km, indexed.radii[id]);
        if (km <= 300 && score < bruteScore) [bruteId, bruteScore] = [id, score];
      });
      const found = findNearestPlace(indexed, lat, lon, 300);
      expect(found?.id ?? -1).toBe(bruteId);
      if (found) hits++;
    }
    expect(hits).toBeGreaterThan(60); // the comparison must not be all nulls
  });

  it('names a point in a big city after the city, not the suburb whose point is nearer', () => {
    const places = indexPlaces([
      { lat: 48.85341, lon: 2.3488, population: 2_138_551 }, // Paris
      { lat: 48.8846, lon: 2.26965, population: 60_000 }, // Neuilly-sur-Seine
    ]);
    expect(findNearestPlace(places, 48.8584, 2.2945, 100)?.id).toBe(0); // Eiffel Tower
  });

  it('names a point by its village when the city is beyond its radius', () => {
    const places = indexPlaces([
      { lat: 52.37403, lon: 4.88969, population: 741_636 }, // Amsterdam
      { lat: 52.45, lon: 4.95, population: 2000 },
    ]);
    expect(findNearestPlace(places, 52.455, 4.955, 100)?.id).toBe(1);
  });

  it('looks across the antimeridian', () => {
    const places = indexPlaces([
      { lat: -44, lon: -179.95 },
      { lat: -44, lon: 178 },
    ]);
    expect(findNearestPlace(places, -44, 179.95, 100)?.id).toBe(0);
  });

  it('scales longitude by latitude', () => {
    // At 70° N one degree of longitude is ~38 km, one degree of latitude ~111 km.
    const places = indexPlaces([
      { lat: 70.5, lon: 20 },
      { lat: 70, lon: 21.2 },
    ]);
    expect(findNearestPlace(places, 70, 20, 100)?.id).toBe(1);
  });

  it('gives up beyond the radius', () => {
    expect(findNearestPlace(indexPlaces([{ lat: 0, lon: 2 }]), 0, 0, 100)).toBeNull();
  });
});
