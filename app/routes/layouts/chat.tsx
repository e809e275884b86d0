import { Outlet } from 'react-router';
import { MemberActivity } from '../../components/layout/MemberActivity';
import { SiteEntryWarning } from '../../components/layout/SiteEntryWarning';
import { useRootData } from '../../root';

/** Spec §2: the chat fills the screen; its entry warning applies in NL and DE only. */
export const CHAT_ENTRY_WARNING_COUNTRIES = ['NL', 'DE'] as const;

export default function ChatLayout() {
  const { user } = useRootData();
  return (
    <div className="chat-layout">
      <main className="chat-layout__body" id="main">
        <Outlet />
      </main>
      <SiteEntryWarning onlyCountries={CHAT_ENTRY_WARNING_COUNTRIES} isLoggedIn={!!user} />
      {user && <MemberActivity />}
    </div>
  );
}
