import { NEARBY_COUNT_CAP, type NamedSocialProof, type SocialProof } from '../../contract/social-proof';

/**
 * Country names in a language, one `Intl.DisplayNames` per language for the life of the
 * process: building one costs more than a hundred look-ups, and the search form names every
 * country of the site on each render (issue 20).
 */
const byLanguage = new Map<string, Intl.DisplayNames>();

/** The country's name, or its code when the language or the code is one Intl does not take. */
export function regionName(language: string, code: string): string {
  try {
    let names = byLanguage.get(language);
    if (!names) {
      names = new Intl.DisplayNames([language], { type: 'region' });
      byLanguage.set(language, names);
    }
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/** The site's figures written out in a language, with their country's name, for a page's data. */
export function withCountryName(proof: SocialProof, language: string): NamedSocialProof {
  const number = new Intl.NumberFormat(language);
  return {
    ...proof,
    country_name: regionName(language, proof.country),
    written: {
      online_now: number.format(proof.online_now),
      new_today: number.format(proof.new_today),
      // Beyond the cap the exact count changes nothing: "10,000+".
      nearby: proof.nearby >= NEARBY_COUNT_CAP ? `${number.format(NEARBY_COUNT_CAP)}+` : number.format(proof.nearby),
    },
  };
}

/**
 * The names of the countries a page shows, named on the server for the page's data. A phone's
 * first `Intl.DisplayNames` loads the browser's region tables, a task of ~140 ms on Lighthouse's
 * mobile CPU inside the page's hydration (issue 19); with the names in the data, the browser
 * builds none unless it meets a country outside this list (see use-country-name.ts).
 */
export function regionNames(language: string, codes: Iterable<string>): Record<string, string> {
  const names: Record<string, string> = {};
  for (const code of codes) if (code) names[code] = regionName(language, code);
  return names;
}
