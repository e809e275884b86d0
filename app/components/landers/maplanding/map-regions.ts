import type { RegionCounts } from '../../../../contract/member-map';
import type { ProfileCard } from '../../../../contract/profiles';

/** Faces shown for one region: a handful, enough to make it real. */
export const FACES_PER_REGION = 6;

/** A region on the map: its count and a few faces of members who live there. */
export interface MapRegion {
  id: string;
  name: string;
  count: number;
  faces: ProfileCard[];
}

/**
 * The map's regions: those with members, busiest first, each with up to `FACES_PER_REGION`
 * faces from the visitor's deck; then the quiet ones, where nobody lives yet. A face carries
 * nothing finer than its region (its city is dropped), so the map never places anybody more
 * precisely than a region.
 */
export function buildMapRegions(counts: RegionCounts, cards: ProfileCard[]): { populated: MapRegion[]; quiet: Array<{ id: string; name: string }> } {
  const facesByRegion = new Map<string, ProfileCard[]>();
  for (const card of cards) {
    if (card.country !== counts.country || !card.region || !card.main_image) continue;
    const faces = facesByRegion.get(card.region) ?? [];
    if (faces.length < FACES_PER_REGION) faces.push({ ...card, city: null });
    facesByRegion.set(card.region, faces);
  }
  const regions = counts.regions.map((region) => {
    const faces = facesByRegion.get(region.id) ?? [];
    // The count may be up to a minute old; a face on show is a member the count must include.
    return { id: region.id, name: region.name, count: Math.max(region.count, faces.length), faces };
  });
  return {
    // A stable sort: regions of equal count stay in the country's alphabetical order.
    populated: regions.filter((region) => region.count > 0).sort((a, b) => b.count - a.count),
    quiet: regions.filter((region) => region.count === 0).map(({ id, name }) => ({ id, name })),
  };
}
