import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, type Language } from '../../../contract/locales';
import type { SiteRow } from '../../db/schema/index';
import type { SafetySignals } from '../safety/safety-signals.service';
import { AppError } from '../shared/app-error';

/**
 * A host's answer as a fictional profile meets the same safety signals as a member's message
 * (issue 32, ADR 0058), with a stricter consequence: a host never hands out contact details,
 * payment details or links, never asks for money and never moves the talk off the site, whatever
 * the site's message policy. There is no "send anyway": the answer is refused with
 * `host_reply_unsafe`, naming everything found (`found`), and nothing is sent. Insults are left to
 * the members' report, as in a member's message.
 *
 * Read with the lists of the member's language (the host writes in it), the site's and English.
 * `found` is the categories joined by commas (error params are plain strings), in the order found.
 */
export async function assertHostReplySafe(safety: Pick<SafetySignals, 'screenMessage'>, site: SiteRow, memberLanguage: string, text: string): Promise<void> {
  const language = (SUPPORTED_LANGUAGES as readonly string[]).includes(memberLanguage) ? (memberLanguage as Language) : DEFAULT_LANGUAGE;
  const { asked } = await safety.screenMessage(site, language, text);
  if (!asked.length) return;
  const found = [...new Set(asked)].join(',');
  throw new AppError('host_reply_unsafe', { params: { found }, fields: [{ field: 'text', code: 'host_reply_unsafe', params: { found } }] });
}
