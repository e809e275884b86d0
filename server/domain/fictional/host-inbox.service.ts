import type { ChatMessage } from '../../../contract/chat';
import type { Database } from '../../db/client';
import type { ChatRepository } from '../../db/repositories/chat.repository';
import {
  createFictionalRepository,
  type FictionalConversation,
  type HostMemberRow,
  type WaitingConversation,
} from '../../db/repositories/fictional.repository';
import type { SitesRepository } from '../../db/repositories/sites.repository';
import type { FictionalClaimRow, MessageRow } from '../../db/schema/index';
import type { AuditService, StaffActor } from '../audit/audit.service';
import type { ChatEvents, ChatService } from '../chat/chat.service';
import type { SafetySignals } from '../safety/safety-signals.service';
import { AppError } from '../shared/app-error';
import { assertHostReplySafe } from './host-reply-screening';
import type { Clock } from '../shared/clock';
import { siteOptionsFor } from '../staff/site-options';
import { assertSiteAllowed, narrowScope, scopeOfActor, type SiteScope } from '../staff/site-scope';

/** A claim lapses after this long without the host doing anything in the conversation. */
export const CLAIM_MINUTES = 5;
const HISTORY_PAGE = 30;

export interface OpenedConversation {
  conversation: FictionalConversation;
  /** The profile the host speaks as: its public details, so the answer fits who it is. */
  fictional: HostMemberRow;
  member: HostMemberRow;
  /** Oldest first. */
  messages: MessageRow[];
  hasMore: boolean;
  claim: FictionalClaimRow | null;
  now: Date;
}

/**
 * The hosts' inbox (issue 16): members' conversations with fictional profiles that wait for an
 * answer, and answering them as the profile. A host claims a conversation before answering it,
 * so two hosts never answer the same one; a claim is renewed by the host's activity and lapses
 * after `CLAIM_MINUTES` of silence. The answer goes through the members' own send path (the same
 * group commit, the same realtime delivery), costs the fictional side nothing, and marks the
 * member's messages read, which takes the conversation out of the queue.
 *
 * A conversation belongs to the site of its fictional profile (the site whose profile speaks and
 * whose prices apply): hosts limited to other sites (ADR 0060) neither see nor answer it.
 */
export function createHostInboxService(deps: {
  db: Database;
  chat: ChatService;
  chatRepository: ChatRepository;
  sites: SitesRepository;
  audit: AuditService;
  clock: Clock;
  events?: Pick<ChatEvents, 'conversationRead'>;
  /** The safety signals a host's answer meets before it is sent (issue 32). */
  safety?: Pick<SafetySignals, 'screenMessage'>;
}) {
  const reader = createFictionalRepository(deps.db);
  const expiry = (now: Date) => new Date(now.getTime() + CLAIM_MINUTES * 60_000);
  /** A lapsed claim is nobody's. */
  const live = (claim: FictionalClaimRow | null, now: Date) => (claim && claim.expiresAt > now ? claim : null);

  /** The conversation, or not found when it is missing or of a site outside `scope` (checked before anything else). */
  async function conversationOf(conversationId: number, scope: SiteScope): Promise<FictionalConversation> {
    const conversation = await reader.findConversation(conversationId);
    if (!conversation) throw new AppError('not_found');
    assertSiteAllowed(scope, conversation.siteId);
    return conversation;
  }

  /** Takes or renews the claim for `actor`, audited when newly taken; 409 when another host holds it. */
  async function claimFor(actor: StaffActor, conversationId: number): Promise<FictionalClaimRow> {
    const now = deps.clock.now();
    return deps.db.transaction(async (tx) => {
      const repository = createFictionalRepository(tx);
      const before = live(await repository.findClaim(conversationId), now);
      const claim = await repository.claim(conversationId, actor.id!, now, expiry(now));
      if (!claim) throw new AppError('conversation_claimed');
      if (before?.staffId !== actor.id) {
        await deps.audit.record(tx, actor, {
          action: 'fictional.claim',
          targetType: 'conversation',
          targetId: conversationId,
          before: { staff_id: before?.staffId ?? null },
          after: { staff_id: actor.id },
        });
      }
      return claim;
    });
  }

  return {
    /** The queue of `siteId` (or of every site) within `scope`; a site outside it has nothing waiting. */
    async waiting(siteId: number | null, offset: number, limit: number, scope: SiteScope): Promise<{ items: WaitingConversation[]; now: Date }> {
      return { items: await reader.waiting(narrowScope(scope, siteId), offset, limit), now: deps.clock.now() };
    },

    /** The sites the queue can be filtered by. */
    siteOptions: (scope: SiteScope) => siteOptionsFor(deps.sites, scope),

    /** Both profiles (the member's and the fictional one) and the conversation so far; reading it does not claim it. */
    async open(conversationId: number, beforeId: number | null, scope: SiteScope): Promise<OpenedConversation> {
      const conversation = await conversationOf(conversationId, scope);
      const [fictional, member, rows, claim] = await Promise.all([
        reader.memberProfile(conversation.fictionalId),
        reader.memberProfile(conversation.memberId),
        reader.history(conversationId, beforeId, HISTORY_PAGE + 1),
        reader.findClaim(conversationId),
      ]);
      if (!fictional || !member) throw new AppError('not_found');
      const now = deps.clock.now();
      return {
        now,
        conversation,
        fictional,
        member,
        messages: rows.slice(0, HISTORY_PAGE).reverse(),
        hasMore: rows.length > HISTORY_PAGE,
        claim: live(claim, now),
      };
    },

    async claim(actor: StaffActor, conversationId: number): Promise<FictionalClaimRow> {
      await conversationOf(conversationId, scopeOfActor(actor));
      return claimFor(actor, conversationId);
    },

    /** Gives the conversation back to the queue; only its holder can (anyone else: 409). */
    async release(actor: StaffActor, conversationId: number): Promise<void> {
      await conversationOf(conversationId, scopeOfActor(actor));
      await deps.db.transaction(async (tx) => {
        const released = await createFictionalRepository(tx).release(conversationId, actor.id!);
        if (!released) throw new AppError('conversation_claimed');
        await deps.audit.record(tx, actor, {
          action: 'fictional.release',
          targetType: 'conversation',
          targetId: conversationId,
          before: { staff_id: actor.id },
          after: { staff_id: null },
        });
      });
    },

    /**
     * Answers as the fictional profile: claims (or renews) the conversation first, so a
     * conversation another host holds is refused with 409 and nothing is sent. An answer with
     * contact details, payment details, a money request or a move off the site is refused
     * (`host_reply_unsafe`) and nothing is sent. The client id makes a retry safe, as for members.
     */
    async reply(actor: StaffActor, conversationId: number, text: string, clientId: string): Promise<ChatMessage> {
      const conversation = await conversationOf(conversationId, scopeOfActor(actor));
      await claimFor(actor, conversationId);
      const site = await deps.sites.findById(conversation.siteId);
      if (!site) throw new AppError('not_found');
      if (deps.safety) await assertHostReplySafe(deps.safety, site, conversation.memberLanguage, text);
      const sent = await deps.chat.send(site, conversation.fictionalId, { conversationId, kind: 'text', text, clientId: `host:${clientId}` });
      const read = await deps.chatRepository.markRead(conversationId, conversation.fictionalId, deps.clock.now());
      if (read.length) deps.events?.conversationRead(conversationId, conversation.fictionalId, read);
      // The message itself commits in the send lane's group commit; its audit row follows at once
      // (the message row, with its sender, is the lasting trace either way).
      await deps.db.transaction((tx) =>
        deps.audit.record(tx, actor, {
          action: 'fictional.reply',
          targetType: 'conversation',
          targetId: conversationId,
          after: { message_id: sent.message.id, as_profile: conversation.fictionalId },
        }),
      );
      return sent.message;
    },
  };
}

export type HostInboxService = ReturnType<typeof createHostInboxService>;
