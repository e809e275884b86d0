import { useTranslation } from '../../../lib/use-translation';
import type { MemberDetail } from '../../../../contract/admin/members';
import { MemberSection, MemberTable } from './MemberDetailLayout';
import { when } from './member-page';

/** The member's live sessions and their devices: what "sign out everywhere" would end. */
export function MemberSessionsSection({ sessions }: { sessions: MemberDetail['sessions'] }) {
  const { t } = useTranslation();
  return (
    <MemberSection id="member-sessions" title={t('member.sessions')}>
      <MemberTable label={t('member.sessions')} empty={!sessions.length} head={[t('member.session_started'), t('member.session_expires'), t('member.device')]}>
        {sessions.map((session, index) => (
          <tr key={index} className="border-top">
            <td>{when(session.created_at)}</td>
            <td>{when(session.expires_at)}</td>
            <td className="text-break small">{session.user_agent ?? t('member.unknown_device')}</td>
          </tr>
        ))}
      </MemberTable>
    </MemberSection>
  );
}
