import { NEARBY_COUNT_CAP, type NamedSocialProof, type SocialProof } from '../../contract/social-proof';
import { regionName } from './region-names';

/** One number format per language for the life of the process, as region-names.ts keeps its names. */
const numbersByLanguage = new Map<string, Intl.NumberFormat>();

function numbersIn(language: string): Intl.NumberFormat {
  let numbers = numbersByLanguage.get(language);
  if (!numbers) {
    numbers = new Intl.NumberFormat(language);
    numbersByLanguage.set(language, numbers);
  }
  return numbers;
}

/**
 * The site's figures written out in a language, with their country's name, for a page's data:
 * the browser then needs none of its number or region tables to show them (issue 19).
 */
export function withCountryName(proof: SocialProof, language: string): NamedSocialProof {
  const numbers = numbersIn(language);
  return {
    ...proof,
    country_name: regionName(language, proof.country),
    written: {
      online_now: numbers.format(proof.online_now),
      new_today: numbers.format(proof.new_today),
      // Beyond the cap the exact count changes nothing: "10,000+".
      nearby: proof.nearby >= NEARBY_COUNT_CAP ? `${numbers.format(NEARBY_COUNT_CAP)}+` : numbers.format(proof.nearby),
    },
  };
}
