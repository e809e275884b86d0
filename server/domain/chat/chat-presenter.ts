import type { ChatMessage } from '../../../contract/chat';
import type { MessageRow } from '../../db/schema/index';

export function presentMessage(row: MessageRow): ChatMessage {
  return {
    id: Number(row.id),
    conversation_id: row.conversationId,
    sender_id: row.senderId,
    kind: row.kind,
    text: row.body,
    gift_id: row.giftId,
    photo: row.photoFilename ? { filename: row.photoFilename, revealed: !!row.photoRevealedAt } : null,
    credits_spent: row.creditsSpent,
    held: row.held,
    read: !!row.readAt,
    created_at: new Date(row.createdAt).toISOString(),
    // Only when there is something to warn about: most messages carry none, and the field stays out of their payload.
    ...(row.warnings?.length ? { warnings: row.warnings } : {}),
  };
}
