import type { SiteTexts } from '../db/schema/index';

/**
 * The demo brands' texts in other languages than their own (their own language is in the
 * plain columns, see demo-sites.ts). Rendezvous has them in every language; Flirtzone, a
 * German niche site, in a few, so the fallback to German shows on the others.
 */
export const RENDEZVOUS_TEXTS: Record<string, SiteTexts> = {
  da: {
    index_title: 'Rendezvous – dating og flirt for voksne',
    description: 'Mød singler i nærheden, lik, match og chat i realtid. Det er gratis at tilmelde sig; du betaler kun for de beskeder, du sender.',
    fictional_warning: 'Profiler markeret med ★ er fiktive profiler, som vores team driver til underholdning; du kan ikke møde dem i virkeligheden.',
    fictional_singular: 'fiktiv profil',
    fictional_plural: 'fiktive profiler',
  },
  de: {
    index_title: 'Rendezvous – Dating und Flirten für Erwachsene',
    description:
      'Lerne Singles in deiner Nähe kennen, like, matche und chatte in Echtzeit. Die Anmeldung ist kostenlos; du zahlst nur für die Nachrichten, die du sendest.',
    fictional_warning:
      'Mit ★ gekennzeichnete Profile sind fiktive Profile, die unser Team zur Unterhaltung betreibt; ein persönliches Treffen ist nicht möglich.',
    fictional_singular: 'fiktives Profil',
    fictional_plural: 'fiktive Profile',
  },
  es: {
    index_title: 'Rendezvous – citas y flirteo para adultos',
    description: 'Conoce a solteros cerca de ti, da likes, haz match y chatea en tiempo real. Registrarse es gratis; solo pagas por los mensajes que envías.',
    fictional_warning:
      'Los perfiles marcados con ★ son perfiles ficticios gestionados por nuestro equipo como entretenimiento; no puedes conocerlos en persona.',
    fictional_singular: 'perfil ficticio',
    fictional_plural: 'perfiles ficticios',
  },
  fi: {
    index_title: 'Rendezvous – deittailua ja flirttailua aikuisille',
    description: 'Tapaa sinkkuja läheltäsi, tykkää, matchaa ja chattaile reaaliajassa. Liittyminen on ilmaista; maksat vain lähettämistäsi viesteistä.',
    fictional_warning: '★-merkityt profiilit ovat tiimimme viihdetarkoituksessa ylläpitämiä kuvitteellisia profiileja; et voi tavata niitä oikeasti.',
    fictional_singular: 'kuvitteellinen profiili',
    fictional_plural: 'kuvitteelliset profiilit',
  },
  fr: {
    index_title: 'Rendezvous – rencontres et flirt entre adultes',
    description:
      'Rencontrez des célibataires près de chez vous, likez, matchez et discutez en temps réel. L’inscription est gratuite ; vous ne payez que les messages que vous envoyez.',
    fictional_warning:
      'Les profils marqués d’une ★ sont des profils fictifs gérés par notre équipe à des fins de divertissement ; vous ne pouvez pas les rencontrer en personne.',
    fictional_singular: 'profil fictif',
    fictional_plural: 'profils fictifs',
  },
  it: {
    index_title: 'Rendezvous – incontri e flirt per adulti',
    description: 'Conosci single vicino a te, metti like, fai match e chatta in tempo reale. L’iscrizione è gratuita; paghi solo i messaggi che invii.',
    fictional_warning:
      'I profili contrassegnati con ★ sono profili fittizi gestiti dal nostro team a scopo di intrattenimento; non è possibile incontrarli di persona.',
    fictional_singular: 'profilo fittizio',
    fictional_plural: 'profili fittizi',
  },
  nb: {
    index_title: 'Rendezvous – dating og flørting for voksne',
    description: 'Møt singler i nærheten, lik, match og chat i sanntid. Det er gratis å bli med; du betaler bare for meldingene du sender.',
    fictional_warning: 'Profiler merket med ★ er fiktive profiler som drives av teamet vårt for underholdning; du kan ikke møte dem i virkeligheten.',
    fictional_singular: 'fiktiv profil',
    fictional_plural: 'fiktive profiler',
  },
  nl: {
    index_title: 'Rendezvous – daten en flirten voor volwassenen',
    description:
      'Ontmoet singles bij jou in de buurt, like, match en chat in realtime. Aanmelden is gratis; je betaalt alleen voor de berichten die je verstuurt.',
    fictional_warning: 'Profielen met een ★ zijn fictieve profielen die ons team beheert voor entertainment; je kunt ze niet in het echt ontmoeten.',
    fictional_singular: 'fictief profiel',
    fictional_plural: 'fictieve profielen',
  },
  pl: {
    index_title: 'Rendezvous – randki i flirt dla dorosłych',
    description:
      'Poznawaj singli w pobliżu, lajkuj, dopasowuj się i czatuj w czasie rzeczywistym. Rejestracja jest bezpłatna; płacisz tylko za wysłane wiadomości.',
    fictional_warning: 'Profile oznaczone ★ to fikcyjne profile prowadzone przez nasz zespół dla rozrywki; nie możesz spotkać się z nimi osobiście.',
    fictional_singular: 'fikcyjny profil',
    fictional_plural: 'fikcyjne profile',
  },
  sv: {
    index_title: 'Rendezvous – dejting och flört för vuxna',
    description: 'Träffa singlar nära dig, gilla, matcha och chatta i realtid. Det är gratis att gå med; du betalar bara för de meddelanden du skickar.',
    fictional_warning: 'Profiler märkta med ★ är fiktiva profiler som drivs av vårt team för underhållning; du kan inte träffa dem i verkligheten.',
    fictional_singular: 'fiktiv profil',
    fictional_plural: 'fiktiva profiler',
  },
};

export const FLIRTZONE_TEXTS: Record<string, SiteTexts> = {
  en: {
    index_title: 'Flirtzone – mature women, real chats',
    description: 'Flirt with mature women near you. Join for free, pay for messages with credits – no subscription.',
    fictional_warning: 'Profiles marked with ★ are fictional profiles run by our team; you cannot meet them in person.',
    fictional_singular: 'fictional profile',
    fictional_plural: 'fictional profiles',
  },
  fr: {
    index_title: 'Flirtzone – femmes mûres, vrais chats',
    description: 'Flirtez avec des femmes mûres près de chez vous. Inscription gratuite, messages payés en crédits – sans abonnement.',
    fictional_warning: 'Les profils marqués d’une ★ sont des profils fictifs gérés par notre équipe ; vous ne pouvez pas les rencontrer en personne.',
    fictional_singular: 'profil fictif',
    fictional_plural: 'profils fictifs',
  },
  it: {
    index_title: 'Flirtzone – donne mature, chat vere',
    description: 'Flirta con donne mature vicino a te. Iscrizione gratuita, messaggi pagati con crediti – senza abbonamento.',
    fictional_warning: 'I profili contrassegnati con ★ sono profili fittizi gestiti dal nostro team; non è possibile incontrarli di persona.',
    fictional_singular: 'profilo fittizio',
    fictional_plural: 'profili fittizi',
  },
  nl: {
    index_title: 'Flirtzone – rijpe vrouwen, echte chats',
    description: 'Flirt met rijpe vrouwen bij jou in de buurt. Gratis aanmelden, berichten betalen met credits – zonder abonnement.',
    fictional_warning: 'Profielen met een ★ zijn fictieve profielen van ons team; je kunt ze niet in het echt ontmoeten.',
    fictional_singular: 'fictief profiel',
    fictional_plural: 'fictieve profielen',
  },
};
