import { useTranslation } from '../../lib/use-translation';
import { NavLink } from '../ui/links';
import { photoUrl } from '../../lib/media';
import { formatBadge } from '../../state/counters';
import { useChat } from '../../state/chat';
import { useRootData } from '../../root';
import { FictionalLabel } from '../profile/FictionalBadge';
import { MatchMark } from '../profile/MatchMark';

/** The member's conversations, newest first, with unread counts (spec §2 chat). */
export function ChatList() {
  const { t } = useTranslation();
  const { settings } = useRootData();
  const chats = useChat((state) => state.chats);
  if (!chats.length) return <p className="p-3 text-body-secondary">{t('chat.no_chats')}</p>;
  return (
    <nav aria-label={t('chat.conversations')} className="list-group list-group-flush">
      {chats.map((chat) => (
        // The match mark is a link of its own: it sits over the row's end, beside the row's link.
        <div key={chat.conversation.id} className="position-relative">
          <NavLink
            to={`/chats/${chat.conversation.id}`}
            className={`list-group-item list-group-item-action d-flex gap-2 align-items-center${chat.matched ? ' pe-5' : ''}`}
            data-testid="chat-list-item"
          >
            {chat.profile.main_image ? (
              <img src={photoUrl(chat.profile.main_image.thumb_filename)} alt="" width={44} height={44} className="rounded-circle object-fit-cover" />
            ) : (
              <span className="rounded-circle bg-secondary d-inline-block" style={{ width: 44, height: 44 }} />
            )}
            <span className="flex-grow-1 min-w-0">
              <span className="d-flex align-items-center gap-1 min-w-0">
                <span className="fw-semibold text-truncate">{chat.profile.name}</span>
                {/* The label of a fictional profile, as on its card and in the chat's header (ADR 0003). */}
                {chat.profile.is_fictional && <FictionalLabel t={t} settings={settings} className="flex-shrink-0" />}
              </span>
              <span className="d-block small text-body-secondary text-truncate">
                {chat.last_message ? (chat.last_message.kind === 'text' ? chat.last_message.text : t(`chat.kind.${chat.last_message.kind}`)) : ''}
              </span>
            </span>
            {chat.num_unread_messages > 0 && (
              <span className="badge rounded-pill bg-unread-messages">
                {formatBadge(chat.num_unread_messages)}
                <span className="visually-hidden"> {t('nav.unread')}</span>
              </span>
            )}
          </NavLink>
          {chat.matched && <MatchMark profileId={chat.profile.id} t={t} className="position-absolute top-50 end-0 translate-middle-y me-2" />}
        </div>
      ))}
    </nav>
  );
}
