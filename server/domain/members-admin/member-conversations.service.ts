import type { Executor } from '../../db/client';
import { createMemberAdminRepository } from '../../db/repositories/member-admin.repository';
import type { AuditService, StaffActor } from '../audit/audit.service';
import { AppError } from '../shared/app-error';
import { assertSiteAllowed, scopeOfActor } from '../staff/site-scope';

export const MESSAGES_PAGE_SIZE = 50;

/** Staff reading a member's conversations: a permission of its own, and never unrecorded. */
export function createMemberConversations(deps: { db: Executor; audit: AuditService }) {
  const { db, audit } = deps;

  return {
    /**
     * A conversation's messages, newest first: a separate permission, and every reading leaves
     * an audit row (who read which member's conversation, how many messages) in the same
     * transaction as the read.
     */
    async readConversation(actor: StaffActor, memberId: number, conversationId: number, before?: number) {
      return db.transaction(async (tx) => {
        const members = createMemberAdminRepository(tx);
        const member = await members.findMember(memberId);
        if (!member) throw new AppError('not_found');
        assertSiteAllowed(scopeOfActor(actor), member.user.siteId);
        const conversation = await members.findConversation(memberId, conversationId);
        if (!conversation) throw new AppError('not_found');
        const rows = await members.messages(conversationId, MESSAGES_PAGE_SIZE, before);
        await audit.record(tx, actor, {
          action: 'member.messages_read',
          targetType: 'conversation',
          targetId: conversationId,
          after: {
            member_id: memberId,
            partner_id: conversation.memberA === memberId ? conversation.memberB : conversation.memberA,
            messages: rows.length,
            ...(before && { before }),
          },
        });
        return {
          conversation_id: conversationId,
          messages: rows.map((row) => ({
            id: row.id,
            from_member: row.senderId === memberId,
            kind: row.kind,
            text: row.body,
            gift_id: row.giftId,
            credits_spent: row.creditsSpent,
            at: row.createdAt.toISOString(),
          })),
          next_before: rows.length === MESSAGES_PAGE_SIZE ? rows[rows.length - 1].id : null,
        };
      });
    },
  };
}
