import { data, useLoaderData } from 'react-router';
import { ConversationView } from '../../components/chat/ConversationView';
import type { Route } from './+types/conversation';

export async function loader({ params, context }: Route.LoaderArgs) {
  const conversationId = Number(params.id);
  const history = Number.isInteger(conversationId) && conversationId > 0 ? await context.chatHistory(conversationId) : null;
  if (!history?.ok) throw data('This page could not be found', { status: 404 });
  const chat = (await context.listChats())?.chats.find((item) => item.conversation.id === conversationId);
  if (!chat) throw data('This page could not be found', { status: 404 });
  return { conversationId, history: history.data, partner: chat.profile, blocked: chat.blocked ?? false };
}

/** `/chats/{id}` — opening it marks the conversation read (spec §4). */
export default function Conversation() {
  const { conversationId, history, partner, blocked } = useLoaderData<typeof loader>();
  return <ConversationView key={conversationId} conversationId={conversationId} partner={partner} initial={history} blocked={blocked} />;
}
