import { z } from 'zod';
import { MainImage } from './accounts';
import { MESSAGE_WARNINGS } from './safety';
import { MessageIdParam, RecordId, RecordIdParam, text } from './inputs';

export const ChatMessage = z.object({
  id: z.number().int(),
  conversation_id: z.number().int(),
  sender_id: z.number().int(),
  kind: z.enum(['text', 'gift', 'photo']),
  text: z.string(),
  gift_id: z.string().nullable(),
  /** A photo message; `revealed` once the recipient tapped it (until then they see it blurred). */
  photo: z.object({ filename: z.string(), revealed: z.boolean() }).nullable(),
  credits_spent: z.number().int(),
  held: z.boolean(),
  read: z.boolean(),
  created_at: z.string(),
  /** The recipient is warned under the message (issue 32): it asks for money, moves off the site, or insults. */
  warnings: z.array(z.enum(MESSAGE_WARNINGS)).optional(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

/** `GET /api/chats.php` (spec §7): the member's conversations. */
export const ChatsResponse = z.object({
  chats: z.array(
    z.object({
      conversation: z.object({ id: z.number().int() }),
      profile: z.object({ id: z.number().int(), name: z.string(), main_image: MainImage, is_fictional: z.boolean() }),
      num_unread_messages: z.number().int(),
      last_message: z.object({ id: z.number().int(), text: z.string(), kind: z.enum(['text', 'gift', 'photo']), mine: z.boolean() }).nullable(),
      last_message_at: z.string(),
      /** The member blocked this profile: they keep the conversation but cannot write in it until they unblock. */
      blocked: z.boolean().optional(),
      /** Both like each other (a match, issue 35): the list marks it and links to `/likes/m/{id}`. */
      matched: z.boolean().optional(),
    }),
  ),
  total_unread_messages: z.number().int(),
});
export type ChatsResponse = z.infer<typeof ChatsResponse>;

export const HistoryQuery = z.object({
  conversation: RecordIdParam,
  before: MessageIdParam.optional(),
});

export const HistoryResponse = z.object({
  messages: z.array(ChatMessage),
  has_more: z.boolean(),
  /** What the member's next text message will cost (0 while free messages last). */
  next_message_price: z.number().int(),
  credits: z.number().int(),
});
export type HistoryResponse = z.infer<typeof HistoryResponse>;

/** `POST /api/messages.php` — `client_id` makes a retry safe: it never charges twice. */
export const SendMessageFields = z.object({
  profile_id: RecordId.optional(),
  conversation_id: RecordId.optional(),
  text: text({ multiline: true }).max(20_000),
  client_id: text().min(8).max(64),
  /** The sender saw the safety question (`message_safety_confirm`) and sends it anyway. */
  confirmed_safety: z.boolean().optional(),
});
/** A message goes to a profile (the first one) or into a conversation, never both. */
export const hasOneTarget = (input: { profile_id?: number; conversation_id?: number }) => !!input.profile_id !== !!input.conversation_id;
export const SendMessageInput = SendMessageFields.refine(hasOneTarget, { message: 'give profile_id or conversation_id', path: ['profile_id'] });
export type SendMessageInput = z.infer<typeof SendMessageInput>;

export const SendMessageResponse = z.object({ message: ChatMessage, credits: z.number().int(), next_message_price: z.number().int() });
export type SendMessageResponse = z.infer<typeof SendMessageResponse>;

export const DeleteChatInput = z.object({ conversation: z.object({ id: RecordId }) });

/** `POST /api/chat-restore.php`: undo deleting this conversation, shortly after. */
export const RestoreChatInput = z.object({ conversation: z.object({ id: RecordId }) });

/** `POST /api/messages-read.php`: the member has this conversation open, so its messages to them are read. */
export const ReadChatInput = z.object({ conversation: z.object({ id: RecordId }) });
export type ReadChatInput = z.infer<typeof ReadChatInput>;
