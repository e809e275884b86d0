import type { TFunction } from 'i18next';
import { GIFT_CATALOGUE, giftImagePath, type Gift, type GiftId } from '../../../contract/gifts';
import type { SiteRow } from '../../db/schema/index';
import { AppError } from '../shared/app-error';
import type { ChatService } from './chat.service';

/** The catalogue's gifts this site offers, in catalogue order; an empty choice offers them all. */
export function offeredGiftIds(site: Pick<SiteRow, 'giftIds'>): GiftId[] {
  if (!site.giftIds.length) return [...GIFT_CATALOGUE];
  const chosen = new Set(site.giftIds);
  return GIFT_CATALOGUE.filter((id) => chosen.has(id));
}

/**
 * Gifts (spec §1, §2): a site's catalogue with its price, and sending one, which is a chat
 * message of kind `gift` paid with the site's gift_credits through the chat's one send path
 * (the same debit, ledger row and client-id idempotency as a text message).
 */
export function createGiftsService(deps: { chat: ChatService }) {
  return {
    /** The site's gifts with their price, named in the caller's language. */
    catalogue(site: SiteRow, t: TFunction): Gift[] {
      return offeredGiftIds(site).map((id) => ({ id, name: t(`gifts.names.${id}`), image: giftImagePath(id), price: site.giftCredits }));
    },

    /** Sends a gift; throws `gift_not_offered` for a gift this site does not offer. */
    async send(site: SiteRow, senderId: number, input: { profileId?: number; conversationId?: number; giftId: string; clientId: string }) {
      if (!(offeredGiftIds(site) as string[]).includes(input.giftId)) throw new AppError('gift_not_offered', { detail: input.giftId });
      return deps.chat.send(site, senderId, {
        profileId: input.profileId,
        conversationId: input.conversationId,
        kind: 'gift',
        text: '',
        giftId: input.giftId,
        clientId: input.clientId,
      });
    },
  };
}

export type GiftsService = ReturnType<typeof createGiftsService>;
