import type { CountryCode } from '../../../contract/countries';
import type { GeocodeResult, RegionList } from '../../../contract/site';

/** A first-level region as clients see it: `{ id: 'NL-07', name: 'Noord-Holland' }`. */
export type Region = RegionList['regions'][number];

/** A populated place in a served country. */
export interface City {
  name: string;
  /** Region id (`NL-07`); null only if GeoNames uses an admin code the region table lacks. */
  region: string | null;
  latitude: number;
  longitude: number;
  population: number;
}

/** Geography the platform needs: region pickers, "where am I" and city lists. */
export interface GeoService {
  /** Regions of a country, sorted by name in the country's language. */
  listRegions(country: CountryCode): Region[];

  /** The region with this id in this country, or null (also when the id is another country's). */
  findRegion(country: CountryCode, regionId: string): Region | null;

  /**
   * The nearest known city to a point, or null when no city lies within ~100 km or the nearest
   * city is in a country the platform does not serve.
   */
  reverseGeocode(lat: number, lon: number): GeocodeResult | null;

  /**
   * Cities of a country (optionally of one region), most populous first. `limit` defaults to
   * all of them. An unknown region gives an empty list.
   */
  listCities(country: CountryCode, regionId?: string, limit?: number): City[];
}
