import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation';
import type { ChatMessage } from '../../../contract/chat';
import { giftImagePath, messagePhotoPath } from '../../../contract/gifts';
import { api } from '../../lib/api-client';
import { useApiAction } from '../../lib/use-api-action';
import { useRootData } from '../../root';
import { useChat } from '../../state/chat';
import { MessageSafetyNotes } from './MessageSafetyNotes';

/**
 * One message: the text as text (never HTML), a gift or a photo, its time, and whether it was
 * delivered or read (ticks). A message from a fictional profile carries the site's fictional icon
 * and warning beside it (issue 16), so the member is told on every message, not only on the
 * profile. Consecutive messages of one sender form a group (issue 19): tighter spacing, and the
 * other member's avatar once, beside the group's last bubble.
 */
export function MessageBubble({
  message,
  mine,
  fromFictional = false,
  firstOfGroup = true,
  lastOfGroup = true,
  avatar,
  timeZone,
}: {
  message: ChatMessage;
  mine: boolean;
  fromFictional?: boolean;
  firstOfGroup?: boolean;
  lastOfGroup?: boolean;
  /** The other member's photo, drawn beside their group's last bubble. */
  avatar?: ReactNode;
  /** UTC until hydrated, so the server's and the first paint's times agree. */
  timeZone?: string;
}) {
  const { t, i18n } = useTranslation();
  const time = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit', timeZone }).format(new Date(message.created_at));
  const groupClass = `${firstOfGroup ? 'chat-bubble--first' : ''} ${lastOfGroup ? 'chat-bubble--last' : ''}`;
  const row = (
    <div
      className={`chat-row d-flex align-items-end ${mine ? 'justify-content-end' : 'justify-content-start'} ${lastOfGroup ? 'mb-2' : 'mb-1'}`}
      data-testid="message"
      data-group-start={firstOfGroup || undefined}
    >
      {!mine && avatar !== undefined && <span className="chat-row__avatar me-2 flex-shrink-0">{lastOfGroup ? avatar : null}</span>}
      <div className={`chat-bubble ${mine ? 'chat-bubble--mine' : 'chat-bubble--theirs'} ${groupClass}`}>
        {message.kind === 'gift' && message.gift_id ? (
          <GiftContent giftId={message.gift_id} />
        ) : message.kind === 'photo' && message.photo ? (
          <PhotoContent message={message} mine={mine} />
        ) : message.kind === 'text' ? (
          message.text
        ) : (
          t(`chat.kind.${message.kind}`)
        )}
        <div className="chat-bubble__meta small mt-1 text-end">
          {time}
          {mine && message.held && ` · ${t('chat.held')}`}
          {mine && !message.held && <DeliveryTicks read={message.read} />}
        </div>
      </div>
      {fromFictional && <FictionalMark />}
    </div>
  );
  if (mine || !message.warnings?.length) return row;
  return (
    <>
      {row}
      <MessageSafetyNotes message={message} />
    </>
  );
}

/**
 * Delivery ticks on the member's own messages: one when it reached the other member's inbox,
 * two once they opened the conversation (the message's read state). Words for screen readers.
 */
function DeliveryTicks({ read }: { read: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={`chat-ticks ms-1 ${read ? 'chat-ticks--read' : ''}`} data-testid={read ? 'ticks-read' : 'ticks-delivered'}>
      <span aria-hidden="true">{read ? '✓✓' : '✓'}</span>
      <span className="visually-hidden">{read ? t('chat.read') : t('photo_first.delivered')}</span>
    </span>
  );
}

/** The site's fictional icon and `fictional_warning` (or, without one, the fictional label) beside a bubble. */
function FictionalMark() {
  const { t } = useTranslation();
  const { settings } = useRootData();
  return (
    <p className="small text-body-secondary mb-0 ms-2 align-self-end" style={{ maxWidth: '40%', overflowWrap: 'anywhere' }} data-testid="fictional-mark">
      <span aria-hidden="true">{settings.fictional_icon || '★'}</span> {settings.fictional_warning || settings.fictional_singular || t('profile.fictional')}
    </p>
  );
}

function GiftContent({ giftId }: { giftId: string }) {
  const { t } = useTranslation();
  const name = t(`gifts.names.${giftId}`);
  return (
    <figure className="mb-0 text-center" data-testid="gift-message">
      <img src={giftImagePath(giftId)} alt="" width={96} height={96} />
      <figcaption>{t('chat.gift_message', { name })}</figcaption>
    </figure>
  );
}

/**
 * The sender sees their photo; the recipient sees a blurred preview (made on the server, so
 * the photo itself is not even loaded) until they tap it.
 */
function PhotoContent({ message, mine }: { message: ChatMessage; mine: boolean }) {
  const { t } = useTranslation();
  const reveal = useApiAction(() => api<{ message: ChatMessage }>('messages.php', { method: 'PUT', body: { reveal_photo: message.id } }));
  const visible = mine || !!message.photo?.revealed;
  if (visible) {
    return (
      <img
        src={messagePhotoPath(message.id, 'full')}
        alt={t('chat.photo_alt')}
        className="d-block rounded img-fluid"
        style={{ maxHeight: 320 }}
        data-testid="photo-message"
      />
    );
  }
  const tap = async () => {
    const result = await reveal.run();
    if (result) useChat.getState().addMessage(result.message);
  };
  return (
    <>
      <button
        type="button"
        className="btn p-0 border-0 position-relative overflow-hidden rounded d-block"
        onClick={() => void tap()}
        disabled={reveal.pending}
        data-testid="blurred-photo"
      >
        <img
          src={messagePhotoPath(message.id, 'preview')}
          alt={t('chat.photo_blurred_alt')}
          width={240}
          height={240}
          className="d-block object-fit-cover"
          style={{ filter: 'blur(12px)', transform: 'scale(1.1)' }}
        />
        <span className="position-absolute top-50 start-50 translate-middle badge text-bg-dark">{t('chat.photo_reveal')}</span>
      </button>
      {reveal.error && (
        <span className="d-block small text-danger" role="alert">
          {reveal.error.message}
        </span>
      )}
    </>
  );
}
