/** How far other members are, in the unit of the member's country (issue 35, ADR 0067). */
export type DistanceUnit = 'km' | 'mi';

/** Countries whose people think of distances in miles. */
const MILE_COUNTRIES = new Set(['US', 'GB']);
export const KM_PER_MILE = 1.609344;

export function distanceUnitOf(country: string | null | undefined): DistanceUnit {
  return country && MILE_COUNTRIES.has(country.toUpperCase()) ? 'mi' : 'km';
}

/** Kilometres in the member's unit, whole and at least 1 (a card never says "0 km away"). */
export function inUnit(km: number, unit: DistanceUnit): number {
  return Math.max(1, Math.round(unit === 'mi' ? km / KM_PER_MILE : km));
}

export function toKm(distance: number, unit: DistanceUnit): number {
  return unit === 'mi' ? distance * KM_PER_MILE : distance;
}

/** The radius filter's stops, in the member's own unit (the slider's last stop is "any distance"). */
export const RADIUS_STOPS = [5, 10, 25, 50, 100, 250, 500] as const;
export const MAX_RADIUS = 500;
