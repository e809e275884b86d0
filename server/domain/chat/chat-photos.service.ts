import crypto from 'node:crypto';
import type { ChatMessage } from '../../../contract/chat';
import type { MediaStorage } from '../../adapters/storage/storage.port';
import type { ChatRepository } from '../../db/repositories/chat.repository';
import type { MessagePhotosRepository } from '../../db/repositories/message-photos.repository';
import type { UsersRepository } from '../../db/repositories/users.repository';
import type { SiteRow } from '../../db/schema/index';
import { blurredPreview } from '../photos/blurred-preview';
import { ImageRejected, processUpload } from '../photos/image-processing';
import { AppError } from '../shared/app-error';
import type { Clock } from '../shared/clock';
import { presentMessage } from './chat-presenter';
import type { ChatService } from './chat.service';

export type PhotoVariant = 'full' | 'preview';

const fullKey = (filename: string) => `chat/${filename}`;
const previewKey = (filename: string) => `chat/${filename.replace(/\.webp$/, '')}-preview.webp`;

/**
 * Photo messages (spec §1, issue #5): re-encoded like profile photos (no EXIF or GPS
 * survives), paid with the site's photo_credits through the chat's one send path, kept in
 * private storage and handed only to the conversation's two members. The recipient gets a
 * blurred preview until they reveal the photo; the sender always sees it.
 */
export function createChatPhotosService(deps: {
  chat: ChatService;
  messages: Pick<ChatRepository, 'findByClientId'>;
  photos: MessagePhotosRepository;
  users: Pick<UsersRepository, 'findById'>;
  /** Private: never served as static files. */
  storage: MediaStorage;
  clock: Clock;
}) {
  const { chat, messages, photos, users, storage, clock } = deps;

  async function removeFiles(filename: string) {
    await storage.remove(fullKey(filename));
    await storage.remove(previewKey(filename));
  }

  return {
    /** Deletes the photo files of every conversation of a member being purged (the rows cascade). */
    async removeAllOf(memberId: number) {
      for (const filename of await photos.filesInConversationsOf(memberId)) await removeFiles(filename);
    },

    /** Sends a photo message; a retry with the same client id returns the first one, uncharged. */
    async send(site: SiteRow, senderId: number, input: { profileId?: number; conversationId?: number; clientId: string; data: Buffer; declaredType: string }) {
      const base = { profileId: input.profileId, conversationId: input.conversationId, kind: 'photo' as const, text: '', clientId: input.clientId };
      const earlier = await messages.findByClientId(senderId, input.clientId);
      if (earlier) return chat.send(site, senderId, { ...base, photoFilename: earlier.photoFilename ?? undefined });
      // Cheap refusal before any pixel is decoded; the send itself checks again, atomically.
      const sender = await users.findById(senderId);
      if (!sender) throw new AppError('authentication_required');
      if (sender.credits < site.photoCredits) throw new AppError('insufficient_credits');

      const image = await processUpload(input.data, input.declaredType).catch((error: unknown) => {
        if (error instanceof ImageRejected) throw new AppError(error.problem, { detail: error.message });
        throw error;
      });
      // Random names, and not under /media/: the file is reachable only through `read`.
      const filename = `${crypto.randomBytes(16).toString('hex')}.webp`;
      await storage.write(fullKey(filename), image.large, 'image/webp');
      await storage.write(previewKey(filename), await blurredPreview(image.large), 'image/webp');
      const sent = await chat.send(site, senderId, { ...base, photoFilename: filename }).catch(async (error: unknown) => {
        await removeFiles(filename);
        throw error;
      });
      // A concurrent retry with the same client id won: its message keeps its own file.
      if (sent.message.photo?.filename !== filename) await removeFiles(filename);
      return sent;
    },

    /**
     * The image of a photo message for one of the conversation's members: the full photo for
     * its sender or once revealed, otherwise only the blurred preview. Anyone else: not_found.
     */
    async read(memberId: number, messageId: number, variant: PhotoVariant): Promise<Buffer> {
      const message = await photos.findForMember(messageId, memberId);
      if (!message?.photoFilename) throw new AppError('not_found');
      const maySeeFull = message.senderId === memberId || !!message.photoRevealedAt;
      if (variant === 'full' && !maySeeFull) throw new AppError('not_found', { detail: 'photo not revealed yet' });
      const data = await storage.read(variant === 'full' ? fullKey(message.photoFilename) : previewKey(message.photoFilename));
      if (!data) throw new AppError('not_found', { detail: 'photo file missing' });
      return data;
    },

    /** The recipient taps the blurred photo; only they can (the sender and others get not_found). */
    async reveal(memberId: number, messageId: number): Promise<ChatMessage> {
      const message = await photos.reveal(messageId, memberId, clock.now());
      if (!message) throw new AppError('not_found');
      return presentMessage(message);
    },
  };
}

export type ChatPhotosService = ReturnType<typeof createChatPhotosService>;
