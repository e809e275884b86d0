import type { ErrorCode } from '../../contract/errors';
import type { ClientEventOf, ServerEvent } from '../../contract/ws-events';
import type { Language } from '../../contract/locales';
import type { SiteRow } from '../domain/sites/sites.service';
import type { SendInput, SendResult } from '../domain/chat/chat.service';
import { isAppError } from '../domain/shared/app-error';
import type { Translator } from '../i18n/translator';

/** Sends a tab may have waiting for their answer; more at once is a runaway script, not a member. */
export const MAX_SENDS_IN_FLIGHT = 32;

export interface SocketSendOptions {
  chat: { send(site: SiteRow, senderId: number, input: SendInput): Promise<SendResult> };
  sites: {
    resolveSite(host: string): Promise<SiteRow>;
    /** The row without a promise when it is cached (almost always); undefined: ask `resolveSite`. */
    cachedSite?(host: string): SiteRow | undefined;
  };
  translator: Pick<Translator, 'forLanguage'>;
  onError(error: unknown, memberId: number): void;
}

/** Who sends: the member, on which site (the socket's host) and in which language errors read. */
export interface SocketSender {
  memberId: number;
  host: string;
  language: Language;
  /** Sends of this tab still waiting for their answer. */
  sending: number;
}

/**
 * `send_message` on the socket: the very same send as `POST /api/messages.php` — one chat
 * service, one group commit, one `client_id` idempotency — without an HTTP request per
 * message. The answer goes back to the sending tab only; the message itself reaches both
 * members' tabs as `message_new`, like every message (ADR 0013).
 */
export function createSocketSends(options: SocketSendOptions) {
  const { chat, sites, translator } = options;

  const refusal = (sender: SocketSender, clientId: string, code: ErrorCode, params?: Record<string, unknown>): ServerEvent => ({
    type: 'message_refused',
    client_id: clientId,
    error: code,
    message: translator.forLanguage(sender.language)(`errors.${code}`, params ?? {}),
  });

  return async function sendMessage(sender: SocketSender, event: ClientEventOf<'send_message'>, reply: (event: ServerEvent) => void): Promise<void> {
    const clientId = event.client_id;
    if (sender.sending >= MAX_SENDS_IN_FLIGHT) return reply(refusal(sender, clientId, 'rate_limited'));
    sender.sending += 1;
    try {
      const site = sites.cachedSite?.(sender.host) ?? (await sites.resolveSite(sender.host));
      const result = await chat.send(site, sender.memberId, {
        profileId: event.profile_id,
        conversationId: event.conversation_id,
        kind: 'text',
        text: event.text,
        clientId,
        screening: { language: sender.language, confirmed: event.confirmed_safety === true },
      });
      reply({ type: 'message_sent', client_id: clientId, ...result });
    } catch (error) {
      if (isAppError(error)) return reply(refusal(sender, clientId, error.code, error.params));
      options.onError(error, sender.memberId);
      reply(refusal(sender, clientId, 'internal_error'));
    } finally {
      sender.sending -= 1;
    }
  };
}
