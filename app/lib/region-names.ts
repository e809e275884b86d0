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

