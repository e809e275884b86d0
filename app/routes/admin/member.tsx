import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { data, useLoaderData } from 'react-router';
import { Link } from '../../components/ui/links';
import type { LinkedAccounts } from '../../../contract/admin/member-links';
import type { MemberNote, MemberNotes } from '../../../contract/admin/member-notes';
import type { MemberDetail } from '../../../contract/admin/members';
import { hasPermission, type Permission } from '../../../contract/admin/roles';
import { ConversationReader } from '../../components/admin/members/ConversationReader';
import { MemberActionDialog, type MemberActionInput } from '../../components/admin/members/MemberActionDialog';
import { requestMemberAction } from '../../components/admin/members/member-action-request';
import { MemberActions } from '../../components/admin/members/MemberActions';
import { MemberConversationsSection } from '../../components/admin/members/MemberConversationsSection';
import { MemberLinkedAccountsSection } from '../../components/admin/members/MemberLinkedAccountsSection';
import { MemberNotesSection } from '../../components/admin/members/MemberNotesSection';
import { MemberMoneySections } from '../../components/admin/members/MemberMoneySections';
import { MemberProfileSections } from '../../components/admin/members/MemberProfileSections';
import { MemberSessionsSection } from '../../components/admin/members/MemberSessionsSection';
import { MemberStatusBadge } from '../../components/admin/members/MemberStatusBadge';
import { MemberSummary } from '../../components/admin/members/MemberSummary';
import { when, type MemberDialog } from '../../components/admin/members/member-page';
import { useApiAction } from '../../lib/use-api-action';
import { useConsoleStaff } from './layout';
import type { Route } from './+types/member';

export async function loader({ params, context }: Route.LoaderArgs) {
  // Not signed in: the console layout shows its sign-in instead of this page.
  if (!context.staff) return { detail: null, linked: null, notes: [] };
  const base = `/api/admin/members/${encodeURIComponent(params.id)}`;
  const [answer, linked, notes] = await Promise.all([
    context.adminGet<MemberDetail>(base),
    context.adminGet<LinkedAccounts>(`${base}/linked-accounts`),
    context.adminGet<MemberNotes>(`${base}/notes`),
  ]);
  if (answer.status === 403 || answer.status === 401) throw data('Your role does not allow this page.', { status: 403 });
  if (answer.status !== 200) throw data('This member does not exist.', { status: 404 });
  return { detail: answer.body, linked: linked.status === 200 ? linked.body : null, notes: notes.status === 200 ? notes.body.notes : [] };
}

/** A fresh idempotency key (getRandomValues works outside secure contexts too, unlike randomUUID). */
const newKey = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');

/** `/admin/members/{id}` — everything about one member, and what staff may do to the account. */
export default function MemberPage() {
  const loaded = useLoaderData<typeof loader>();
  // The page key resets the state when another member is opened.
  return loaded.detail ? <MemberView key={loaded.detail.member.id} initial={loaded.detail} linked={loaded.linked} notes={loaded.notes} /> : null;
}

function MemberView({ initial, linked, notes }: { initial: MemberDetail; linked: LinkedAccounts | null; notes: MemberNote[] }) {
  const { t } = useTranslation();
  const staff = useConsoleStaff();
  const may = (permission: Permission) => !!staff && hasPermission(staff.role, permission);
  const [detail, setDetail] = useState(initial);
  const [dialog, setDialog] = useState<MemberDialog | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [reading, setReading] = useState<{ id: number; partner: string } | null>(null);
  // One key per opened correction dialog: a retried request books the correction once.
  const [correctionKey, setCorrectionKey] = useState(newKey);
  const { member } = detail;
  const base = `/api/admin/members/${member.id}`;

  const action = useApiAction((current: MemberDialog, input: MemberActionInput) => requestMemberAction(member.id, current, input, correctionKey));

  const open = (next: MemberDialog) => {
    action.clearError();
    setNotice(null);
    if (next.kind === 'credits' || next.kind === 'goodwill') setCorrectionKey(newKey());
    setDialog(next);
  };
  const confirm = async (input: MemberActionInput) => {
    if (!dialog) return;
    const answer = await action.run(dialog, input);
    if (!answer) return;
    setDetail(answer);
    setNotice(t('member.done'));
    setDialog(null);
  };

  return (
    <>
      <p className="mb-2">
        <Link to="/admin/members">← {t('member.back')}</Link>
      </p>
      <h1 className="h3 text-break">
        {t('member.title', { name: member.name, id: member.id })} <MemberStatusBadge status={member.status} />
      </h1>
      {member.status === 'banned' && member.ban_reason && (
        <div className="alert alert-danger text-break" data-testid="ban-reason">
          {t('member.ban_reason', { at: when(member.banned_at), reason: member.ban_reason })}
        </div>
      )}
      {member.hidden_at && (
        <div className="alert alert-warning text-break" data-testid="hide-reason">
          {t('member.hidden_reason', { at: when(member.hidden_at), reason: member.hide_reason ?? '' })}
        </div>
      )}
      {member.suspended_until && (
        <div className="alert alert-warning text-break" data-testid="suspension">
          {t('member.suspended_reason', { until: when(member.suspended_until), reason: member.suspension_reason ?? '' })}
        </div>
      )}
      {notice && (
        <div className="alert alert-success" role="status">
          {notice}
        </div>
      )}

      <div className="row g-3 mb-3">
        <MemberSummary member={member} />
        <MemberActions detail={detail} may={may} exportHref={`${base}/export`} onOpen={open} />
      </div>

      <MemberNotesSection memberId={member.id} initial={notes} canWrite={may('members.notes')} />
      <MemberProfileSections
        profile={detail.profile}
        photos={detail.photos}
        onRemovePhoto={may('moderation.review') ? (photo) => open({ kind: 'remove_photo', photo }) : undefined}
        onRemoveText={may('moderation.review') ? () => open({ kind: 'remove_text' }) : undefined}
      />
      <MemberConversationsSection conversations={detail.conversations} canRead={may('members.messages')} onRead={setReading} />
      <MemberMoneySections detail={detail} canRefund={may('orders.refund')} onRefund={(order) => open({ kind: 'refund', order })} />
      <MemberSessionsSection sessions={detail.sessions} />
      {linked && <MemberLinkedAccountsSection linked={linked} />}

      {dialog && <MemberActionDialog dialog={dialog} pending={action.pending} error={action.error} onCancel={() => setDialog(null)} onConfirm={confirm} />}
      <ConversationReader memberId={member.id} conversationId={reading?.id ?? null} partnerName={reading?.partner ?? ''} onClose={() => setReading(null)} />
    </>
  );
}
