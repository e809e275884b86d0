import type { Language } from '../../../contract/locales';
import type { SiteRow } from '../../db/schema/index';
import type { SafetySignals } from '../safety/safety-signals.service';
import { AppError } from '../shared/app-error';

/**
 * A sign-up's first message meets the chat's safety signals before it is kept (issue 32, ADR
 * 0058): the writer is still on the form, so they are asked there, as in a chat. Contact details,
 * money requests and moves off the site refuse the sign-up with `message_safety_confirm` on the
 * message field until it is sent again with `confirmed_safety` (or edited); a site whose policy is
 * `block` refuses them with `message_safety_blocked` until the message is changed. The
 * recipient's warnings are decided when the message goes out (`signup-first-messages.service.ts`).
 */
export async function screenSignupMessage(
  safety: Pick<SafetySignals, 'screenMessage'>,
  site: SiteRow,
  language: Language,
  body: string,
  confirmed: boolean,
): Promise<void> {
  const { asked, policy } = await safety.screenMessage(site, language, body);
  if (!asked.length) return;
  const code = policy === 'block' ? 'message_safety_blocked' : confirmed ? null : 'message_safety_confirm';
  if (!code) return;
  const params = { reason: asked[0] };
  throw new AppError(code, { params, fields: [{ field: 'signup_message', code, params }] });
}
