/**
 * Corrections to GeoNames city data before members see it. GeoNames' main name is often an
 * English exonym for big cities (Munich, The Hague), Irish for some Irish towns and Swedish
 * for bilingual Finnish towns; a member in Munich writes "München". Keyed by GeoNames id so
 * a namesake elsewhere keeps its name. Not exhaustive: the largest and most visible cases.
 */
export const CITY_NAME_OVERRIDES: ReadonlyMap<number, string> = new Map([
  // NL, BE (Dutch)
  [2747373, 'Den Haag'],
  [2759879, 'Almere'],
  [2800866, 'Brussel'],
  [2789786, 'Oostende'],
  // DE, AT, CH (German)
  [2867714, 'München'],
  [2761369, 'Wien'],
  [2658822, 'St. Gallen'],
  // IT
  [3169070, 'Roma'],
  [3173435, 'Milano'],
  [3172394, 'Napoli'],
  [3165524, 'Torino'],
  [3176219, 'Genova'],
  [3176959, 'Firenze'],
  [3164603, 'Venezia'],
  // ES
  [2520600, 'Cádiz'],
  [3104499, 'Vitoria-Gasteiz'],
  [3110044, 'San Sebastián'],
  // PL, DK
  [756135, 'Warszawa'],
  [3103402, 'Bielsko-Biała'],
  [2618425, 'København'],
  [2624652, 'Aarhus'],
  // FI: Finnish names for towns GeoNames lists under Swedish
  [656913, 'Hyvinkää'],
  [637067, 'Sipoo'],
  [647571, 'Loviisa'],
  [660325, 'Tammisaari'],
  [642673, 'Parainen'],
  [656130, 'Pietarsaari'],
  [651299, 'Mustasaari'],
  [7911309, 'Länsi-Turunmaa'],
  // IE: English names for towns GeoNames lists under Irish
  [2962943, 'Limerick'],
  [2964180, 'Galway'],
  [2960964, 'Wexford'],
  [2962290, 'Newbridge'],
  [2965353, 'Clonmel'],
  [2962361, 'Mullingar'],
  [2961651, 'Rush'],
  [2961120, 'Tramore'],
  [2963370, 'Killarney'],
  [2965516, 'Charleville'],
  [2962945, 'Lifford'],
]);

/** GeoNames entries that are not places a member lives in. */
export const EXCLUDED_CITY_IDS: ReadonlySet<number> = new Set([
  8468896, // "Ulsteinvik weather pws station", NO
  8693131, // "Weather Station", IT
]);

/**
 * Feature codes left out: city sections (PPLX, e.g. "Neukölln" would shadow Berlin),
 * Marseille's arrondissements (PPLA5) and places that no longer exist.
 */
export const EXCLUDED_FEATURE_CODES: ReadonlySet<string> = new Set(['PPLX', 'PPLA5', 'PPLH', 'PPLQ', 'PPLW', 'PPLCH']);
