import type KDBush from 'kdbush';

const EARTH_RADIUS_KM = 6371;
const KM_PER_DEGREE = (Math.PI * EARTH_RADIUS_KM) / 180;
const RADIANS = Math.PI / 180;
/** People per km² of a city core; only sets how far a city's name reaches from its point. */
const URBAN_DENSITY = 10_000;

/** Places indexed as (x = longitude, y = latitude), with their data kept by id. */
export interface PlaceIndex {
  index: KDBush;
  lats: Float64Array;
  lons: Float64Array;
  /** Rough radius of each place's built-up area, from `urbanRadiusKm`. */
  radii: Float32Array;
  maxRadiusKm: number;
}

/** Radius of a disc holding `population` at a city-core density: Paris ~8 km, a village ~0.3. */
export function urbanRadiusKm(population: number): number {
  return Math.sqrt(population / (Math.PI * URBAN_DENSITY));
}

export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * RADIANS;
  const dLon = (lon2 - lon1) * RADIANS;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RADIANS) * Math.cos(lat2 * RADIANS) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * How well a place names a point; lower is better. Inside a place's radius the score is
 * negative (−1 at its centre), so someone at the Eiffel Tower, 4 km from Paris' point and
 * 3.7 km from Neuilly's, is in Paris; outside it is the distance beyond the radius, so a
 * village still names the fields around it rather than the city 10 km away.
 */
export function scorePlace(km: number, radiusKm: number): number {
  return km < radiusKm ? km / radiusKm - 1 : km - radiusKm;
}

/**
 * The place that best names (lat, lon) among those within `maxKm` (see `scorePlace`), or null
 * when there is none. First the plain nearest place, then every place close enough to beat it.
 */
export function findNearestPlace(places: PlaceIndex, lat: number, lon: number, maxKm: number): { id: number; km: number } | null {
  const nearest = findNearest(places, lat, lon, maxKm);
  if (!nearest) return null;
  // A place beats the nearest only if it is closer than nearest.km + its radius.
  const reachKm = Math.min(maxKm, nearest.km + places.maxRadiusKm);
  let best = { ...nearest, score: scorePlace(nearest.km, places.radii[nearest.id]) };
  for (const id of searchBox(places.index, lat, lon, reachKm)) {
    const km = distanceKm(lat, lon, places.lats[id], places.lons[id]);
    if (km > reachKm) continue;
    const score = scorePlace(km, places.radii[id]);
    if (score < best.score) best = { id, km, score };
  }
  return { id: best.id, km: best.km };
}

/**
 * The plain nearest place within `maxKm`. The index holds raw degrees, where a degree of
 * longitude shrinks with cos(latitude), so a radius in km becomes a box wider in longitude
 * than in latitude, sized with the cosine at its pole-ward edge so it contains the whole
 * circle. Small boxes first keep dense areas cheap; a hit counts only if it lies inside the
 * circle, since a point just outside it may lose to one outside the box.
 */
export function findNearest(places: Pick<PlaceIndex, 'index' | 'lats' | 'lons'>, lat: number, lon: number, maxKm: number): { id: number; km: number } | null {
  let best: { id: number; km: number } | null = null;
  for (const radiusKm of [Math.min(10, maxKm), Math.min(35, maxKm), maxKm]) {
    for (const id of searchBox(places.index, lat, lon, radiusKm)) {
      const km = distanceKm(lat, lon, places.lats[id], places.lons[id]);
      if (!best || km < best.km) best = { id, km };
    }
    if (best && best.km <= radiusKm) return best;
  }
  return null;
}

function searchBox(index: KDBush, lat: number, lon: number, radiusKm: number): number[] {
  const dLat = radiusKm / KM_PER_DEGREE;
  const edgeLat = Math.min(90, Math.abs(lat) + dLat);
  const cosEdge = Math.cos(edgeLat * RADIANS);
  // Near a pole every longitude is within reach.
  const dLon = cosEdge < 0.01 ? 180 : Math.min(180, dLat / cosEdge);
  const minLat = lat - dLat;
  const maxLat = lat + dLat;
  const ids = index.range(lon - dLon, minLat, lon + dLon, maxLat);
  // A box crossing the antimeridian continues on the other side.
  if (lon - dLon < -180) ids.push(...index.range(lon - dLon + 360, minLat, 180, maxLat));
  if (lon + dLon > 180) ids.push(...index.range(-180, minLat, lon + dLon - 360, maxLat));
  return ids;
}
