import { useTranslation } from '../../lib/use-translation';
import { useNavigate, useRevalidator } from 'react-router';
import { api } from '../../lib/api-client';
import { useChat } from '../../state/chat';
import { showToast } from '../../state/toasts';

/** How long "Undo" is offered after deleting a chat; the server accepts an undo for longer. */
export const CHAT_UNDO_SHOWN_MS = 8_000;

/**
 * Deleting a chat (spec §4): gone from the list at once, deleted on the server, then an "Undo"
 * toast for a few seconds that brings the conversation back as it was and reopens it.
 */
export function useChatRemoval(conversationId: number, name: string) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { removeChat, forgetRemoval, setNotice } = useChat();
  const fail = (key: string, error: unknown) => setNotice(`${t(key)} ${error instanceof Error ? error.message : ''}`.trim());

  const undo = async () => {
    try {
      await api('chat-restore.php', { method: 'POST', body: { conversation: { id: conversationId } } });
      forgetRemoval(conversationId);
      // Opening it loads the list and the history again, with the conversation back in both.
      await navigate(`/chats/${conversationId}`);
    } catch (error) {
      fail('chat.restore_failed', error);
    }
  };

  return async () => {
    // Gone from the list at once, and kept out of any list loaded before the server deletes it.
    removeChat(conversationId);
    await navigate('/chats');
    try {
      await api('chat.php', { method: 'DELETE', body: { conversation: { id: conversationId } } });
    } catch (error) {
      fail('chat.remove_failed', error);
      forgetRemoval(conversationId);
      void revalidator.revalidate();
      return;
    }
    showToast(t('chat.removed', { name }), 'info', { shownMs: CHAT_UNDO_SHOWN_MS, action: { label: t('chat.undo'), run: () => void undo() } });
  };
}
