import { useTranslation } from '../../../lib/use-translation';
import type { MemberDetail } from '../../../../contract/admin/members';
import { Link } from '../../ui/links';
import { MemberSection, MemberTable } from './MemberDetailLayout';
import { when } from './member-page';

/**
 * Who the member talks to, without the messages: reading them is a permission of its own, and
 * each reading is audited, so the read button appears only for staff who hold it.
 */
export function MemberConversationsSection({
  conversations,
  canRead,
  onRead,
}: {
  conversations: MemberDetail['conversations'];
  canRead: boolean;
  onRead: (conversation: { id: number; partner: string }) => void;
}) {
  const { t } = useTranslation();
  return (
    <MemberSection id="member-conversations" title={t('member.conversations')}>
      <MemberTable
        label={t('member.conversations')}
        empty={!conversations.length}
        head={[t('member.partner'), t('member.messages'), t('member.last_message'), t('member.started_by'), ...(canRead ? [t('member.read')] : [])]}
      >
        {conversations.map((conversation) => (
          <tr key={conversation.id} className="border-top">
            <td>
              <Link to={`/admin/members/${conversation.partner_id}`}>{conversation.partner_name}</Link> #{conversation.partner_id}
              {conversation.partner_fictional && <span className="badge text-bg-secondary ms-1">{t('members.fictional')}</span>}
            </td>
            <td>{conversation.message_count}</td>
            <td>{when(conversation.last_message_at)}</td>
            <td>{conversation.started_by_member ? t('member.started_by_member') : t('member.started_by_partner')}</td>
            {canRead && (
              <td>
                <button
                  type="button"
                  className="btn btn-sm btn-outline-secondary"
                  onClick={() => onRead({ id: conversation.id, partner: conversation.partner_name })}
                >
                  {t('member.read')}
                </button>
              </td>
            )}
          </tr>
        ))}
      </MemberTable>
    </MemberSection>
  );
}
