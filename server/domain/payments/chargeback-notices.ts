import { isSupportedLanguage, type Language } from '../../../contract/locales';
import type { ReportsRepository } from '../../db/repositories/reports.repository';
import type { SitesRepository } from '../../db/repositories/sites.repository';
import type { Translator } from '../../i18n/translator';
import type { MailService } from '../mail/mail.service';
import type { SiteUrls } from '../sites/site-urls';
import type { ReversedChargeback } from './chargeback-reversals';
import type { BookedChargeback } from './chargebacks';

const formatMoney = (amount: number, currency: string, language: Language) =>
  new Intl.NumberFormat(language, { style: 'currency', currency }).format(amount / 100);

/**
 * Tells the member by e-mail, in their language and from their site, that a payment was charged
 * back or a direct debit returned: the amount, the reason code, the credits taken back and, when
 * they owe something, that no purchase is possible until it is settled. Sent once per chargeback,
 * after the booking committed; a failed mail is logged, the booking stands.
 */
export function createChargebackNotices(deps: {
  contacts: Pick<ReportsRepository, 'memberContact'>;
  sites: Pick<SitesRepository, 'findById'>;
  mail: MailService;
  translator: Translator;
  urls: SiteUrls;
  onError?: (error: unknown) => void;
}) {
  const onError = deps.onError ?? ((error: unknown) => console.error('chargeback mail failed', error));

  async function send({ chargeback, order, userId, plan }: BookedChargeback): Promise<void> {
    const contact = await deps.contacts.memberContact(userId);
    if (!contact || contact.status === 'deleted') return;
    const site = await deps.sites.findById(contact.siteId);
    if (!site) return;
    const language: Language = isSupportedLanguage(contact.language) ? contact.language : 'en';
    const t = deps.translator.forLanguage(language);
    const debtNote = plan.debtAmount > 0 ? t('mail.chargeback_debt_note', { debt: formatMoney(plan.debtAmount, order.currency, language) }) : '';
    await deps.mail.send(
      chargeback.kind === 'return' ? 'payment_returned' : 'payment_charged_back',
      site,
      { email: contact.email, name: contact.name, language },
      deps.urls.urlOf(site, `/transactions/${order.id}`),
      {
        amount: formatMoney(chargeback.amount, chargeback.currency, language),
        order: order.id,
        reason: chargeback.reasonCode ?? '–',
        credits: plan.reversedCredits,
        debt_note: debtNote,
      },
    );
  }

  return (booked: BookedChargeback) => void send(booked).catch(onError);
}

/**
 * Tells the member that a chargeback of theirs was reversed (the provider ruled for the site):
 * the credits given back and that any open amount from it is closed. Once per reversal, after
 * it committed; nothing for a chargeback that was never booked, which the member never heard of.
 */
export function createChargebackReversalNotices(deps: Parameters<typeof createChargebackNotices>[0]) {
  const onError = deps.onError ?? ((error: unknown) => console.error('chargeback reversal mail failed', error));

  async function send({ chargeback, order, userId, restoredCredits }: ReversedChargeback): Promise<void> {
    if (!chargeback.bookedAt) return;
    const contact = await deps.contacts.memberContact(userId);
    if (!contact || contact.status === 'deleted') return;
    const site = await deps.sites.findById(contact.siteId);
    if (!site) return;
    const language: Language = isSupportedLanguage(contact.language) ? contact.language : 'en';
    await deps.mail.send(
      'payment_chargeback_reversed',
      site,
      { email: contact.email, name: contact.name, language },
      deps.urls.urlOf(site, `/transactions/${order.id}`),
      { amount: formatMoney(chargeback.amount, chargeback.currency, language), order: order.id, credits: restoredCredits },
    );
  }

  return (reversed: ReversedChargeback) => void send(reversed).catch(onError);
}
