import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useNavigate, useRevalidator } from 'react-router';
import { Link } from '../ui/links';
import type { ChatsResponse, HistoryResponse } from '../../../contract/chat';
import { api } from '../../lib/api-client';
import { photoUrl } from '../../lib/media';
import { useRootData } from '../../root';
import { useRealtime } from '../../realtime/realtime-store';
import { markOpenConversationRead } from '../../realtime/refresh-chats';
import { useApiAction } from '../../lib/use-api-action';
import { useChat } from '../../state/chat';
import { useTyping } from '../../state/typing';
import { FictionalBadge } from '../profile/FictionalBadge';
import { Composer } from './Composer';
import { MessageBubble } from './MessageBubble';
import { dayLabel, dayOf, groupMessages } from './message-groups';
import { useStickToBottom } from './use-stick-to-bottom';
import { LazyReportDialog } from '../reports/ReportButton';
import { ChatActionsMenu, type ChatAction } from './ChatActionsMenu';
import { RemoveChatDialog } from './RemoveChatDialog';
import { useChatRemoval } from './use-chat-removal';

type Partner = ChatsResponse['chats'][number]['profile'];

/** One conversation: top bar, history with paging, and the composer (spec §2 chat). */
export function ConversationView({
  conversationId,
  partner,
  initial,
  blocked = false,
}: {
  conversationId: number;
  partner: Partner;
  initial: HistoryResponse;
  blocked?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { user, settings } = useRootData();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { messages, setHistory, prependOlder, addMessage, markOpened } = useChat();
  const [price, setPrice] = useState(initial.next_message_price);
  const [credits, setCredits] = useState(initial.credits);
  const [hasMore, setHasMore] = useState(initial.has_more);
  const [confirmBlock, setConfirmBlock] = useState(false);
  // Blocking from here, as from the profile; the member keeps the conversation (ADR 0021).
  const blocking = useApiAction(async (method: 'POST' | 'DELETE') => {
    await api('block.php', { method, body: { profile_id: partner.id } });
    setConfirmBlock(false);
    await revalidator.revalidate();
  });
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const { onScroll, scrollToBottom } = useStickToBottom(scroller, content);
  const list = messages[conversationId] ?? [];
  // Days and times in UTC until hydrated (the server cannot know the reader's zone), then local.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const timeZone = hydrated ? undefined : 'UTC';
  const items = useMemo(() => groupMessages(list, timeZone), [list, timeZone]);
  const today = dayOf(new Date().toISOString(), timeZone);
  const avatar = partner.main_image ? (
    <img
      src={photoUrl(partner.main_image.thumb_filename, settings.cdn_prefix)}
      alt=""
      width={32}
      height={32}
      className="rounded-circle object-fit-cover"
      loading="lazy"
    />
  ) : (
    <span className="chat-row__initial rounded-circle" aria-hidden="true">
      {partner.name.charAt(0)}
    </span>
  );

  useEffect(() => {
    setHistory(conversationId, initial.messages);
    markOpened(conversationId);
    useRealtime.setState({ openConversationId: conversationId });
    // Opening it reads it (spec §4): a POST of its own, since loading the page changes nothing.
    void markOpenConversationRead();
    return () => useRealtime.setState({ openConversationId: null });
  }, [conversationId, initial, setHistory, markOpened]);
  // Gone from the list while open (the other member blocked this one, or another tab removed
  // it): the conversation is no longer this member's to read, so leave it.
  const listed = useChat((state) => state.chats.some((chat) => chat.conversation.id === conversationId));
  const wasListed = useRef(false);
  useEffect(() => {
    if (listed) wasListed.current = true;
    else if (wasListed.current) navigate('/chats', { replace: true });
  }, [listed, navigate]);
  const typingUntil = useTyping((state) => state.until[conversationId] ?? 0);
  const [now, setNow] = useState(() => Date.now());
  // Re-render when the typing signal runs out.
  useEffect(() => {
    if (typingUntil <= Date.now()) return;
    const timer = setTimeout(() => setNow(Date.now()), typingUntil - Date.now() + 50);
    return () => clearTimeout(timer);
  }, [typingUntil]);
  const isTyping = typingUntil > Math.max(now, Date.now());
  const loadOlder = async () => {
    const older = await api<HistoryResponse>(`messages.php?conversation=${conversationId}&before=${list[0]?.id}`);
    prependOlder(conversationId, older.messages);
    setHasMore(older.has_more);
  };

  const remove = useChatRemoval(conversationId, partner.name);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [reporting, setReporting] = useState(false);
  const reportTarget = conversationId > 0 ? { conversation_id: conversationId } : { profile_id: partner.id };
  const actions: ChatAction[] = [
    ...(blocked ? [] : [{ key: 'block', label: t('profile.block'), run: () => setConfirmBlock(true) }]),
    { key: 'report', label: t('report.button'), run: () => setReporting(true) },
    { key: 'remove', label: t('chat.remove'), danger: true, run: () => setConfirmRemove(true) },
  ];

  return (
    <section className="d-flex flex-column h-100" aria-label={t('chat.with', { name: partner.name })}>
      <header className="d-flex align-items-center gap-2 border-bottom p-2 bg-body">
        <Link to="/chats" className="btn btn-sm btn-outline-secondary d-lg-none" aria-label={t('chat.back')}>
          ←
        </Link>
        <Link to={`/members/${partner.id}`} className="d-flex align-items-center gap-2 text-reset text-decoration-none flex-grow-1 min-w-0 overflow-hidden">
          {partner.main_image && (
            <img
              src={photoUrl(partner.main_image.thumb_filename, settings.cdn_prefix)}
              alt=""
              width={40}
              height={40}
              className="rounded-circle object-fit-cover"
            />
          )}
          <h1 className="h6 mb-0 text-truncate">{partner.name}</h1>
          {partner.is_fictional && <FictionalBadge className="flex-shrink-0" />}
        </Link>
        <ChatActionsMenu actions={actions} />
      </header>
      {confirmBlock && !blocked && (
        <div className="border-bottom p-2 d-flex flex-wrap gap-2 align-items-center bg-body-tertiary" data-testid="block-confirm">
          <button type="button" className="btn btn-sm btn-danger" onClick={() => void blocking.run('POST')} disabled={blocking.pending}>
            {t('profile.block_confirm', { name: partner.name })}
          </button>
          <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => setConfirmBlock(false)}>
            {t('chat.remove_cancel')}
          </button>
        </div>
      )}
      <LazyReportDialog target={reportTarget} name={partner.name} show={reporting} onClose={() => setReporting(false)} />
      <RemoveChatDialog
        show={confirmRemove}
        name={partner.name}
        onClose={() => setConfirmRemove(false)}
        onConfirm={() => {
          setConfirmRemove(false);
          void remove();
        }}
      />
      {blocking.error && (
        <div className="alert alert-danger rounded-0 mb-0" role="alert">
          {blocking.error.message}
        </div>
      )}
      {/* Focusable so that keyboard users can scroll it (WCAG 2.1.1); a log announces new messages. */}
      <div
        ref={scroller}
        onScroll={onScroll}
        className="flex-grow-1 overflow-auto p-3 focus-ring"
        role="log"
        aria-live="polite"
        aria-label={t('chat.message_list', { name: partner.name })}
        tabIndex={0}
        data-testid="message-list"
      >
        <div ref={content}>
          {hasMore && (
            <div className="text-center mb-2">
              <button type="button" className="btn btn-sm btn-link" onClick={() => void loadOlder()}>
                {t('chat.load_older')}
              </button>
            </div>
          )}
          {items.map((item) =>
            item.type === 'day' ? (
              <p key={item.key} className="chat-day text-center small text-body-secondary my-3" data-testid="day-separator">
                <time dateTime={item.day}>{dayLabel(item.day, today, i18n.language)}</time>
              </p>
            ) : (
              <MessageBubble
                key={item.key}
                message={item.message}
                mine={item.message.sender_id === user?.id}
                fromFictional={partner.is_fictional && item.message.sender_id === partner.id}
                firstOfGroup={item.firstOfGroup}
                lastOfGroup={item.lastOfGroup}
                avatar={avatar}
                timeZone={timeZone}
              />
            ),
          )}
          {isTyping && (
            <p className="small text-body-secondary fst-italic mb-0" data-testid="typing">
              {t('chat.typing', { name: partner.name })}
            </p>
          )}
        </div>
      </div>
      {blocked ? (
        <div className="border-top p-3 d-flex flex-wrap gap-2 align-items-center bg-body" role="note" data-testid="blocked-notice">
          <span className="flex-grow-1">{t('chat.blocked_notice', { name: partner.name })}</span>
          <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => void blocking.run('DELETE')} disabled={blocking.pending}>
            {t('profile.unblock')}
          </button>
        </div>
      ) : (
        <Composer
          target={{ conversation_id: conversationId }}
          recipientName={partner.name}
          fictionalProfileId={partner.is_fictional ? partner.id : undefined}
          price={price}
          credits={credits}
          maxLength={settings.message_length}
          showIcebreakers={list.length === 0}
          onTyping={() => useRealtime.getState().connection?.sendTyping(conversationId)}
          onSent={(result) => {
            // The member's own message: take them to it, wherever they had scrolled.
            scrollToBottom();
            addMessage(result.message);
            setPrice(result.next_message_price);
            setCredits(result.credits);
          }}
        />
      )}
    </section>
  );
}
