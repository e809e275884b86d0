import type { SiteRow } from '../../db/schema/index';
import type { MessageScreening, SafetySignals } from '../safety/safety-signals.service';
import { AppError } from '../shared/app-error';
import type { SendInput } from './send-plan';

/**
 * The safety signals before a member's text goes out (issue 32). Contact details, money requests
 * and moves off the site are asked about first: the send is refused with
 * `message_safety_confirm` (its `reason` the first finding) until the member sends it again with
 * `confirmed`; a site whose policy is `block` refuses them outright. What the recipient is to be
 * warned about travels with the send and is stored with the message.
 */
export async function screenSend(safety: Pick<SafetySignals, 'screenMessage'>, site: SiteRow, input: SendInput): Promise<SendInput> {
  if (!input.screening || input.kind !== 'text') return input;
  return decide(input, await safety.screenMessage(site, input.screening.language, input.text));
}

/**
 * `screenSend` without a promise when the site's lists are in memory (`screenMessageNow`), which
 * is almost always; undefined: ask `screenSend`. Refuses by throwing, like `screenSend`.
 */
export function screenSendNow(safety: Partial<Pick<SafetySignals, 'screenMessageNow'>>, site: SiteRow, input: SendInput): SendInput | undefined {
  if (!input.screening || input.kind !== 'text') return input;
  const screening = safety.screenMessageNow?.(site, input.screening.language, input.text);
  return screening && decide(input, screening);
}

function decide(input: SendInput, { asked, warnings, policy }: MessageScreening): SendInput {
  if (asked.length && policy === 'block') throw new AppError('message_safety_blocked', { params: { reason: asked[0] } });
  if (asked.length && !input.screening!.confirmed) throw new AppError('message_safety_confirm', { params: { reason: asked[0] } });
  return warnings.length ? { ...input, warnings } : input;
}
