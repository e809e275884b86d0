/**
 * Country names in a language, one `Intl.DisplayNames` per language for the life of the
 * process: building one costs more than a hundred look-ups (issue 20). The server names the
 * visitor's country with it (social proof, the map lander); in the browser it only names a
 * country the catalogue does not (see use-country-name.ts).
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
