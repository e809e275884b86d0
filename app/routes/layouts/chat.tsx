import { Outlet, useLocation } from 'react-router';
import { ToastHost } from '../../components/feedback/ToastHost';
import { MemberActivity } from '../../components/layout/MemberActivity';
import { SiteEntryWarning } from '../../components/layout/SiteEntryWarning';
import { TabBar } from '../../components/layout/TabBar';
import { useRootData } from '../../root';

/** Spec §2: the chat fills the screen; its entry warning applies in NL and DE only. */
export const CHAT_ENTRY_WARNING_COUNTRIES = ['NL', 'DE'] as const;

export default function ChatLayout() {
  const { user } = useRootData();
  const { pathname } = useLocation();
  // The list of conversations is the Messages tab; an open conversation has the whole screen.
  const withTabs = !!user && /^\/chats\/?$/.test(pathname);
  return (
    <div className={`chat-layout${withTabs ? ' chat-layout--tabs' : ''}`}>
      <main className="chat-layout__body" id="main">
        <Outlet />
      </main>
      {withTabs && <TabBar />}
      <ToastHost />
      <SiteEntryWarning onlyCountries={CHAT_ENTRY_WARNING_COUNTRIES} isLoggedIn={!!user} />
      {user && <MemberActivity />}
    </div>
  );
}
