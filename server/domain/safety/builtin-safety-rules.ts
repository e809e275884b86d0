import type { Language } from '../../../contract/locales';
import type { SafetyCategory, SafetyRuleKind } from '../../../contract/safety';
import type { SafetyRule } from './safety-detector';
import { normalizeRuleEntry } from './safety-rule-syntax';

type Lists = Partial<Record<SafetyCategory, Partial<Record<SafetyRuleKind, string[]>>>>;

/**
 * The lists every site starts with (issue 32). They are copied into the `safety_rules` table once
 * (`seedBuiltinSafetyRules`); from there operators remove what does not suit a site and add
 * their own. Written as people type them; stored normalised (lower case, no accents).
 */
const EVERY_LANGUAGE: Lists = {
  messenger: {
    word: [
      'whatsapp',
      'whatsap',
      'watsapp',
      'whatapp',
      'telegram',
      'telegramm',
      'snapchat',
      'kik',
      'instagram',
      'insta',
      'viber',
      'wechat',
      'skype',
      'threema',
      'tiktok',
      'discord',
      'icq',
    ],
    phrase: ['whats app', 'tele gram', 'snap chat', 'face book', 'signal app'],
    pattern: ['whats*pp', 'wh*ts app', 'tele*gr?m'],
  },
  email: { word: ['gmail', 'hotmail', 'outlook', 'yahoo', 'gmx', 'icloud', 'protonmail', 'googlemail'], phrase: ['web de', 't online', 'live com'] },
  money: {
    word: ['moneygram', 'paysafecard', 'bitcoin', 'btc', 'usdt', 'ethereum', 'cashapp', 'venmo', 'zelle', 'transcash', 'neosurf'],
    phrase: ['western union', 'cash app', 'paypal me', 'steam card', 'itunes card', 'google play card', 'amazon card'],
  },
};

const BY_LANGUAGE: Partial<Record<Language, Lists>> = {
  en: {
    money: {
      phrase: ['send me money', 'send money', 'gift card', 'giftcard', 'bank transfer', 'wire transfer', 'i need money', 'lend me', 'pay for my ticket'],
    },
    off_site: {
      phrase: [
        "let's talk on",
        'lets talk on',
        'add me on',
        'text me on',
        'message me on',
        'contact me on',
        'write me on',
        'my number',
        'call me on',
        'call me at',
        'off this site',
        'outside this site',
      ],
    },
    insult: {
      word: ['idiot', 'stupid', 'moron', 'bitch', 'slut', 'whore', 'asshole', 'bastard', 'cunt', 'retard', 'dickhead', 'loser'],
      phrase: ['fuck you', 'shut up', 'piece of shit'],
    },
  },
  de: {
    money: {
      phrase: ['schick mir geld', 'schicke mir geld', 'geld schicken', 'gutschein', 'geschenkkarte', 'ich brauche geld', 'leih mir', 'kannst du mir geld'],
      pattern: ['uberweis*'],
    },
    off_site: {
      phrase: ['schreib mir auf', 'melde dich auf', 'adde mich', 'add mich', 'lass uns auf', 'meine nummer', 'ruf mich an', 'ausserhalb dieser seite'],
    },
    insult: {
      word: ['idiot', 'arschloch', 'schlampe', 'hure', 'fotze', 'wichser', 'hurensohn', 'missgeburt', 'spast', 'vollidiot'],
      phrase: ['fick dich', 'halt die fresse', 'blöde kuh'],
    },
  },
  nl: {
    money: {
      word: ['tikkie', 'cadeaubon', 'cadeaukaart'],
      phrase: ['stuur me geld', 'stuur mij geld', 'geld overmaken', 'maak geld over', 'ik heb geld nodig', 'leen me'],
    },
    off_site: { phrase: ['laten we praten op', 'stuur me een bericht op', 'voeg me toe op', 'app me', 'mijn nummer', 'bel me', 'buiten deze site'] },
    insult: {
      word: ['klootzak', 'hoer', 'slet', 'kut', 'tering', 'mongool', 'lul', 'trut', 'sukkel', 'idioot', 'kankerhoer'],
      phrase: ['rot op', 'flikker op'],
    },
  },
  fr: {
    money: {
      word: ['virement'],
      phrase: ["envoie-moi de l'argent", "envoie moi de l'argent", 'carte cadeau', 'mandat cash', "j'ai besoin d'argent", 'prête-moi', 'coupon pcs'],
    },
    off_site: { phrase: ['parlons sur', 'ajoute-moi sur', 'écris-moi sur', 'mon numéro', 'appelle-moi', 'en dehors de ce site'] },
    insult: {
      word: ['connard', 'connasse', 'salope', 'pute', 'enculé', 'abruti', 'conne', 'pétasse'],
      phrase: ['ta gueule', 'va te faire foutre', 'fils de pute'],
    },
  },
  es: {
    money: { word: ['transferencia', 'bizum'], phrase: ['envíame dinero', 'mándame dinero', 'tarjeta regalo', 'necesito dinero', 'préstame'] },
    off_site: { phrase: ['hablemos por', 'agrégame en', 'escríbeme al', 'escríbeme por', 'mi número', 'llámame', 'fuera de esta página'] },
    insult: {
      word: ['idiota', 'puta', 'zorra', 'gilipollas', 'cabrón', 'imbécil', 'estúpido', 'pendejo', 'capullo'],
      phrase: ['hijo de puta', 'vete a la mierda'],
    },
  },
  it: {
    money: {
      word: ['ricarica', 'postepay', 'bonifico'],
      phrase: ['mandami soldi', 'inviami soldi', 'buono regalo', 'carta regalo', 'ho bisogno di soldi', 'prestami'],
    },
    off_site: { phrase: ['parliamo su', 'aggiungimi su', 'scrivimi su', 'il mio numero', 'chiamami', 'fuori da questo sito'] },
    insult: { word: ['stronzo', 'stronza', 'troia', 'puttana', 'vaffanculo', 'coglione', 'idiota', 'cretino'], phrase: ['figlio di puttana'] },
  },
  pl: {
    money: { word: ['przelew'], phrase: ['wyślij mi pieniądze', 'kod blik', 'potrzebuję pieniędzy', 'karta podarunkowa', 'pożycz mi'] },
    off_site: { phrase: ['napisz do mnie na', 'dodaj mnie na', 'mój numer', 'zadzwoń do mnie', 'poza tą stroną'] },
    insult: { word: ['kurwa', 'suka', 'dziwka', 'idiota', 'debil', 'chuj', 'spierdalaj', 'kretyn', 'pizda'] },
  },
  da: {
    money: { phrase: ['send mig penge', 'jeg har brug for penge', 'gavekort'] },
    off_site: { phrase: ['skriv til mig på', 'mit nummer', 'ring til mig'] },
    insult: { word: ['idiot', 'luder', 'kælling', 'røvhul'] },
  },
  sv: {
    money: { phrase: ['skicka pengar', 'swisha mig', 'jag behöver pengar', 'presentkort'] },
    off_site: { phrase: ['skriv till mig på', 'mitt nummer', 'ring mig'] },
    insult: { word: ['hora', 'idiot', 'fitta', 'jävla', 'rövhål'] },
  },
  nb: {
    money: { phrase: ['send meg penger', 'vipps meg', 'jeg trenger penger', 'gavekort'] },
    off_site: { phrase: ['skriv til meg på', 'nummeret mitt', 'ring meg'] },
    insult: { word: ['hore', 'idiot', 'fitte', 'kjerring', 'rasshøl'] },
  },
  fi: {
    money: { phrase: ['lähetä rahaa', 'tarvitsen rahaa', 'lahjakortti'] },
    off_site: { phrase: ['kirjoita minulle', 'numeroni on', 'soita minulle'] },
    insult: { word: ['huora', 'idiootti', 'vittu', 'kusipää'], phrase: ['haista paska'] },
  },
};

function rulesOf(lists: Lists, language: Language | null): SafetyRule[] {
  return Object.entries(lists).flatMap(([category, kinds]) =>
    Object.entries(kinds).flatMap(([kind, values]) =>
      values.map((value) => ({
        category: category as SafetyCategory,
        kind: kind as SafetyRuleKind,
        value: normalizeRuleEntry(kind as SafetyRuleKind, value),
        language,
      })),
    ),
  );
}

/** Every built-in entry, normalised as the table stores it. */
export function builtinSafetyRules(): SafetyRule[] {
  return [...rulesOf(EVERY_LANGUAGE, null), ...Object.entries(BY_LANGUAGE).flatMap(([language, lists]) => rulesOf(lists, language as Language))];
}
