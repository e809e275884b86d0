import { z } from 'zod';
import { ChatMessage } from './chat';
import { MessageId, MessageIdParam, RecordId, RecordIdParam, text } from './inputs';

/**
 * The shipped gift catalogue, in display order. Each gift has a hand-made image at
 * `/gifts/<id>.svg` and a name under `gifts.names.<id>`; a site offers all of them or the
 * subset in its `gift_ids` setting.
 */
export const GIFT_CATALOGUE = ['rose', 'heart', 'kiss', 'chocolates', 'teddy', 'cocktail', 'champagne', 'cake', 'ring', 'diamond'] as const;
export const GiftId = z.enum(GIFT_CATALOGUE);
export type GiftId = z.infer<typeof GiftId>;

/** Where the browser loads a gift's picture (served from `public/`). */
export function giftImagePath(id: string): string {
  return `/gifts/${id}.svg`;
}

export const Gift = z.object({
  id: GiftId,
  /** In the request's language. */
  name: z.string(),
  image: z.string(),
  /** Credits it costs (the site's gift_credits). */
  price: z.number().int(),
});
export type Gift = z.infer<typeof Gift>;

/** `GET /api/gifts.php`: what this site offers, with prices. */
export const GiftsResponse = z.object({ gifts: z.array(Gift) });
export type GiftsResponse = z.infer<typeof GiftsResponse>;

const target = {
  profile_id: RecordId.optional(),
  conversation_id: RecordId.optional(),
};
const oneTarget = { message: 'give profile_id or conversation_id', path: ['profile_id'] };

/** `POST /api/gifts.php` — like a message, `client_id` makes a retry safe. */
export const SendGiftInput = z
  .object({ ...target, gift_id: text().min(1).max(40), client_id: text().min(8).max(64) })
  .refine((input) => !!input.profile_id !== !!input.conversation_id, oneTarget);
export type SendGiftInput = z.infer<typeof SendGiftInput>;

/**
 * The form fields of a multipart `POST /api/messages.php` (a photo message) besides its one
 * file part; multipart fields arrive as text, hence the coercion.
 */
export const SendPhotoFields = z
  .object({
    profile_id: RecordIdParam.optional(),
    conversation_id: RecordIdParam.optional(),
    client_id: text().min(8).max(64),
  })
  .refine((input) => !!input.profile_id !== !!input.conversation_id, oneTarget);
export type SendPhotoFields = z.infer<typeof SendPhotoFields>;

/** `PUT /api/messages.php`: the recipient taps a blurred photo to see it. */
export const RevealPhotoInput = z.object({ reveal_photo: MessageId });

/** `GET /api/message-photo.php`: `preview` is the blurred stand-in shown before the reveal. */
export const MessagePhotoQuery = z.object({
  message: MessageIdParam,
  variant: z.enum(['full', 'preview']).default('full'),
});

/** The address of a photo message's image; only the conversation's two members get an answer. */
export function messagePhotoPath(messageId: number, variant: 'full' | 'preview'): string {
  return `/api/message-photo.php?message=${messageId}&variant=${variant}`;
}

export const RevealPhotoResponse = z.object({ message: ChatMessage });
