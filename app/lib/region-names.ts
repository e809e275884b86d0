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
