import { useEffect } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Outlet, redirect, useLoaderData, useParams } from 'react-router';
import { ChatList } from '../../components/chat/ChatList';
import { TopNav } from '../../components/layout/TopNav';
import { useChat } from '../../state/chat';
import { useCounters } from '../../state/counters';
import type { Route } from './+types/chats';

export async function loader({ context }: Route.LoaderArgs) {
  const chats = await context.listChats();
  if (!chats) throw redirect('/login');
  return { chats };
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: matches[0]?.data?.settings.name ?? '' }];
}

/** `/chats` and `/chats/{id}`: the list (from 992 px on, or alone on phones) and the open conversation. */
export default function Chats() {
  const { t } = useTranslation();
  const { chats } = useLoaderData<typeof loader>();
  const { id } = useParams();
  const { setChats, notice, setNotice } = useChat();
  useEffect(() => {
    setChats(chats.chats);
    useCounters.getState().set({ unreadMessages: chats.total_unread_messages });
  }, [chats, setChats]);

  return (
    <div className="d-flex flex-column h-100">
      <TopNav hideOnPhone={!!id} />
      {notice && (
        <div className="alert alert-danger rounded-0 mb-0 d-flex justify-content-between" role="alert">
          {notice}
          <button type="button" className="btn-close" aria-label={t('signup.close')} onClick={() => setNotice(null)} />
        </div>
      )}
      <div className="row g-0 flex-grow-1 min-h-0 overflow-hidden">
        <aside className={`col-lg-4 col-xl-3 border-end overflow-auto h-100 ${id ? 'd-none d-lg-block' : ''}`} aria-label={t('chat.conversations')}>
          <h1 className={`h5 p-3 mb-0 border-bottom ${id ? 'visually-hidden' : ''}`}>{t('chat.title')}</h1>
          <ChatList />
        </aside>
        <div className={`col-lg-8 col-xl-9 h-100 ${id ? '' : 'd-none d-lg-flex align-items-center justify-content-center'}`}>
          {id ? <Outlet /> : <p className="text-body-secondary">{t('chat.choose')}</p>}
        </div>
      </div>
    </div>
  );
}
