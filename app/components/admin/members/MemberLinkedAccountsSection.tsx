import { useTranslation } from '../../../lib/use-translation';
import type { LinkedAccounts } from '../../../../contract/admin/member-links';
import { Link } from '../../ui/links';
import { MemberSection, MemberTable } from './MemberDetailLayout';

/**
 * Other accounts that share a sign-up or log-in IP, a device, an IBAN or a mobile number with
 * the member (issue 32), each linking to its own page: often one person under several names.
 * What is shared is named, not shown; the IP and device are kept only as hashes.
 */
export function MemberLinkedAccountsSection({ linked }: { linked: LinkedAccounts }) {
  const { t } = useTranslation();
  return (
    <MemberSection id="member-linked" title={t('member.linked.title')}>
      <MemberTable
        label={t('member.linked.title')}
        empty={!linked.items.length}
        testId="linked-accounts"
        head={[t('member.linked.member'), t('member.linked.site'), t('member.linked.shared')]}
      >
        {linked.items.map((account) => (
          <tr key={account.id} className="border-top">
            <td className="text-break">
              <Link to={`/admin/members/${account.id}`}>{`${account.name} (#${account.id})`}</Link>
              <div className="small text-body-secondary">{account.email}</div>
              {account.banned && <span className="badge text-bg-danger">{t('member.linked.banned')}</span>}
            </td>
            <td>{account.site_name}</td>
            <td>{account.shared.map((trait) => t(`member.linked.trait.${trait}`)).join(', ')}</td>
          </tr>
        ))}
      </MemberTable>
      {linked.has_more && <p className="small text-body-secondary mt-2 mb-0">{t('member.linked.more')}</p>}
    </MemberSection>
  );
}
