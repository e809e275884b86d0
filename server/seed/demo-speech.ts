import {
  type Faker,
  fakerDA,
  fakerDE,
  fakerDE_AT,
  fakerDE_CH,
  fakerEN_AU,
  fakerEN_CA,
  fakerEN_GB,
  fakerEN_IE,
  fakerEN_US,
  fakerES,
  fakerFI,
  fakerFR,
  fakerFR_BE,
  fakerFR_CA,
  fakerFR_CH,
  fakerIT,
  fakerNB_NO,
  fakerNL,
  fakerNL_BE,
  fakerPL,
  fakerSV,
} from '@faker-js/faker';
import type { CountryCode } from '../../contract/countries';
import type { Random } from './seeded-random';

/**
 * Which first names a country's members have and which language they use: the country's own
 * (contract/countries.ts), with the French-speaking parts of Belgium, Switzerland and Canada.
 */
export interface Speech {
  share: number;
  fakers: Faker[];
  language?: string;
}

const SPEECH: Record<CountryCode, Speech[]> = {
  US: [{ share: 1, fakers: [fakerEN_US] }],
  NL: [{ share: 1, fakers: [fakerNL] }],
  BE: [
    { share: 0.6, fakers: [fakerNL_BE, fakerNL] },
    { share: 0.4, fakers: [fakerFR_BE], language: 'fr' },
  ],
  FR: [{ share: 1, fakers: [fakerFR, fakerFR_BE] }],
  IT: [{ share: 1, fakers: [fakerIT] }],
  ES: [{ share: 1, fakers: [fakerES] }],
  DE: [{ share: 1, fakers: [fakerDE] }],
  AT: [{ share: 1, fakers: [fakerDE_AT] }],
  IE: [{ share: 1, fakers: [fakerEN_IE] }],
  GB: [{ share: 1, fakers: [fakerEN_GB] }],
  CA: [
    { share: 0.78, fakers: [fakerEN_CA] },
    { share: 0.22, fakers: [fakerFR_CA, fakerFR_BE], language: 'fr' },
  ],
  PL: [{ share: 1, fakers: [fakerPL] }],
  AU: [{ share: 1, fakers: [fakerEN_AU] }],
  NZ: [{ share: 1, fakers: [fakerEN_AU, fakerEN_GB] }],
  CH: [
    { share: 0.65, fakers: [fakerDE_CH, fakerDE] },
    { share: 0.35, fakers: [fakerFR_CH], language: 'fr' },
  ],
  DK: [{ share: 1, fakers: [fakerDA] }],
  FI: [{ share: 1, fakers: [fakerFI] }],
  NO: [{ share: 1, fakers: [fakerNB_NO] }],
  SE: [{ share: 1, fakers: [fakerSV] }],
};

/** Two of these make an `about` text, in the member's language. */
export const ABOUT: Record<string, string[]> = {
  en: [
    'I love to laugh and enjoy life.',
    'Looking for someone to share good conversations with.',
    'I love spontaneous weekends and long dinners.',
    'Honest, curious and a little adventurous.',
    'Always happy to meet new people.',
    "Let's start with a chat and see where it goes.",
  ],
  nl: [
    'Ik hou van lachen en genieten van het leven.',
    'Op zoek naar iemand voor goede gesprekken.',
    'Ik hou van spontane weekenden en lange etentjes.',
    'Eerlijk, nieuwsgierig en een beetje avontuurlijk.',
    'Altijd in voor nieuwe mensen.',
    'Laten we beginnen met een chatje en zien waar het heen gaat.',
  ],
  de: [
    'Ich lache gern und genieße das Leben.',
    'Auf der Suche nach jemandem für gute Gespräche.',
    'Ich liebe spontane Wochenenden und lange Abendessen.',
    'Ehrlich, neugierig und ein bisschen abenteuerlustig.',
    'Immer offen für neue Leute.',
    'Lass uns erst mal schreiben und schauen, was passiert.',
  ],
  fr: [
    "J'aime rire et profiter de la vie.",
    "À la recherche de quelqu'un avec qui partager de bonnes conversations.",
    "J'adore les week-ends improvisés et les longs dîners.",
    "Honnêteté, curiosité et un brin d'aventure.",
    'Toujours partant pour de nouvelles rencontres.',
    'Commençons par discuter et on verra bien.',
  ],
  it: [
    'Amo ridere e godermi la vita.',
    'Cerco qualcuno con cui fare belle chiacchierate.',
    'Adoro i weekend improvvisati e le cene lunghe.',
    'Sincerità, curiosità e un pizzico di avventura.',
    'Ho voglia di conoscere persone nuove.',
    'Iniziamo con una chiacchierata e vediamo come va.',
  ],
  es: [
    'Me encanta reír y disfrutar de la vida.',
    'Busco a alguien con quien tener buenas conversaciones.',
    'Me encantan los fines de semana improvisados y las cenas largas.',
    'Sinceridad, curiosidad y un poco de aventura.',
    'Con ganas de conocer gente nueva.',
    'Empecemos con una charla y a ver qué pasa.',
  ],
  pl: [
    'Lubię się śmiać i cieszyć życiem.',
    'Szukam kogoś do dobrych rozmów.',
    'Uwielbiam spontaniczne weekendy i długie kolacje.',
    'Szczerość, ciekawość i odrobina przygody.',
    'Chętnie poznam nowych ludzi.',
    'Zacznijmy od rozmowy i zobaczmy, co z tego wyjdzie.',
  ],
  da: [
    'Jeg elsker at grine og nyde livet.',
    'Søger en at have gode samtaler med.',
    'Jeg elsker spontane weekender og lange middage.',
    'Ærlighed, nysgerrighed og en smule eventyr.',
    'Har lyst til at møde nye mennesker.',
    'Lad os starte med en snak og se, hvor det fører hen.',
  ],
  nb: [
    'Jeg elsker å le og nyte livet.',
    'Ser etter noen å ha gode samtaler med.',
    'Jeg elsker spontane helger og lange middager.',
    'Ærlighet, nysgjerrighet og litt eventyr.',
    'Har lyst til å bli kjent med nye mennesker.',
    'La oss begynne med en prat og se hvor det fører.',
  ],
  sv: [
    'Jag älskar att skratta och njuta av livet.',
    'Söker någon att ha bra samtal med.',
    'Jag älskar spontana helger och långa middagar.',
    'Ärlighet, nyfikenhet och lite äventyr.',
    'Vill gärna träffa nya människor.',
    'Vi börjar med att chatta och ser vart det leder.',
  ],
  fi: [
    'Rakastan nauramista ja elämästä nauttimista.',
    'Etsin jotakuta, jonka kanssa käydä hyviä keskusteluja.',
    'Pidän spontaaneista viikonlopuista ja pitkistä illallisista.',
    'Rehellisyyttä, uteliaisuutta ja ripaus seikkailua.',
    'Haluaisin tutustua uusiin ihmisiin.',
    'Aloitetaan juttelemalla ja katsotaan, mihin se johtaa.',
  ],
};

/** One of the country's languages, by its share of the population. */
export function pickSpeech(random: Random, country: CountryCode) {
  const options = SPEECH[country];
  let roll = random.next();
  for (const option of options) {
    if (roll < option.share) return option;
    roll -= option.share;
  }
  return options[options.length - 1];
}
