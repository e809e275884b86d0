import type { TFunction } from 'i18next';
import { isSupportedLanguage, type Language } from '../../../contract/locales';
import type { ReportsRepository } from '../../db/repositories/reports.repository';
import type { SitesRepository } from '../../db/repositories/sites.repository';
import type { Translator } from '../../i18n/translator';
import type { MailKind, MailService } from '../mail/mail.service';
import type { SiteUrls } from '../sites/site-urls';

/**
 * Tells a member by e-mail what the moderators decided, in the member's own language and from
 * their own site: a refused photo, a removed text, an answer to their report. A member whose
 * account is gone is not written to.
 */
export function createMemberNotices(deps: { reports: ReportsRepository; sites: SitesRepository; mail: MailService; translator: Translator; urls: SiteUrls }) {
  return {
    async mail(memberId: number, kind: MailKind, path: string, values: (t: TFunction, language: Language) => Record<string, string>): Promise<boolean> {
      const contact = await deps.reports.memberContact(memberId);
      if (!contact || contact.status === 'deleted') return false;
      const site = await deps.sites.findById(contact.siteId);
      if (!site) return false;
      const language: Language = isSupportedLanguage(contact.language) ? contact.language : 'en';
      const t = deps.translator.forLanguage(language);
      await deps.mail.send(kind, site, { email: contact.email, name: contact.name, language }, deps.urls.urlOf(site, path), values(t, language));
      return true;
    },
  };
}

export type MemberNotices = ReturnType<typeof createMemberNotices>;
