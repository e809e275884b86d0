import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { data, useLoaderData } from 'react-router';
import { Link } from '../../components/ui/links';
import type { z } from 'zod';
import type { MemberDetail, RefundResponse } from '../../../contract/admin/members';
import { hasPermission, type Permission } from '../../../contract/admin/roles';
import { TableRegion } from '../../components/admin/TableRegion';
import { ActionDialog, type DialogInput } from '../../components/admin/members/ActionDialog';
import { ConversationReader } from '../../components/admin/members/ConversationReader';
import { MemberStatusBadge } from '../../components/admin/members/MemberStatusBadge';
import { api } from '../../lib/api-client';
import { formatMoney } from '../../lib/format-money';
import { useApiAction } from '../../lib/use-api-action';
import { useConsoleStaff } from './layout';
import type { Route } from './+types/member';

export async function loader({ params, context }: Route.LoaderArgs) {
  // Not signed in: the console layout shows its sign-in instead of this page.
  if (!context.staff) return { detail: null };
  const answer = await context.adminGet<MemberDetail>(`/api/admin/members/${encodeURIComponent(params.id)}`);
  if (answer.status === 403 || answer.status === 401) throw data('Your role does not allow this page.', { status: 403 });
  if (answer.status !== 200) throw data('This member does not exist.', { status: 404 });
  return { detail: answer.body };
}

type Dialog =
  | { kind: 'ban' | 'lift_ban' | 'confirm_email' | 'unblock_direct_debit' | 'credits' | 'sign_out' | 'delete' }
  | { kind: 'refund'; order: MemberDetail['orders'][number] };

/** A fresh idempotency key (getRandomValues works outside secure contexts too, unlike randomUUID). */
const newKey = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');

const when = (iso: string | null) => (iso ? iso.slice(0, 16).replace('T', ' ') : '—');

/** `/admin/members/{id}` — everything about one member, and what staff may do to the account. */
export default function MemberPage() {
  const loaded = useLoaderData<typeof loader>();
  // The page key resets the state when another member is opened.
  return loaded.detail ? <MemberView key={loaded.detail.member.id} initial={loaded.detail} /> : null;
}

function MemberView({ initial }: { initial: MemberDetail }) {
  const { t } = useTranslation();
  const staff = useConsoleStaff();
  const may = (permission: Permission) => !!staff && hasPermission(staff.role, permission);
  const [detail, setDetail] = useState(initial);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [reading, setReading] = useState<{ id: number; partner: string } | null>(null);
  // One key per opened correction dialog: a retried request books the correction once.
  const [correctionKey, setCorrectionKey] = useState(newKey);
  const { member } = detail;
  const base = `/api/admin/members/${member.id}`;
  const money = (price: { amount: number; currency: string }) => formatMoney(price, 'en');

  const action = useApiAction(async (current: Dialog, input: DialogInput) => {
    const post = (path: string, body: unknown = {}) => api<MemberDetail>(`${base}/${path}`, { method: 'POST', body, retries: 0 });
    switch (current.kind) {
      case 'ban':
        return post('ban', { reason: input.reason });
      case 'lift_ban':
        return post('lift-ban', { reason: input.reason });
      case 'confirm_email':
        return post('confirm-email');
      case 'unblock_direct_debit':
        return post('unblock-direct-debit', { reason: input.reason });
      case 'credits':
        return post('credit-corrections', { delta: input.delta, reason: input.reason, idempotency_key: correctionKey });
      case 'sign_out':
        return post('sign-out');
      case 'delete':
        return post('delete', { reason: input.reason });
      case 'refund':
        return api<z.infer<typeof RefundResponse>>(`${base}/orders/${current.order.id}/refund`, { method: 'POST', body: { reason: input.reason }, retries: 0 });
    }
  });

  const open = (next: Dialog) => {
    action.clearError();
    setNotice(null);
    if (next.kind === 'credits') setCorrectionKey(newKey());
    setDialog(next);
  };
  const confirm = async (input: DialogInput) => {
    if (!dialog) return;
    const answer = await action.run(dialog, input);
    if (!answer) return;
    setDetail(answer);
    setNotice(t('member.done'));
    setDialog(null);
  };

  const dialogText = (kind: Dialog['kind']) =>
    dialog?.kind === 'refund'
      ? {
          title: t('member.act.refund.title', { id: dialog.order.id }),
          body: t('member.act.refund.body', { credits: dialog.order.refundable_credits, price: money(dialog.order.refundable_price), provider: dialog.order.provider }),
          confirm: t('member.act.refund.confirm'),
        }
      : { title: t(`member.act.${kind}.title`), body: t(`member.act.${kind}.body`), confirm: t(`member.act.${kind}.confirm`) };
  const text = dialog ? dialogText(dialog.kind) : null;

  const banned = member.status === 'banned';
  const deleted = member.status === 'deleted';
  const buttons: { kind: Dialog['kind']; show: boolean; variant: string }[] = [
    { kind: 'ban', show: may('members.write') && !banned, variant: 'danger' },
    { kind: 'lift_ban', show: may('members.write') && banned, variant: 'outline-primary' },
    { kind: 'confirm_email', show: may('members.write') && member.status === 'not_confirmed', variant: 'outline-primary' },
    { kind: 'unblock_direct_debit', show: may('members.write') && member.direct_debit_blocked, variant: 'outline-primary' },
    { kind: 'credits', show: may('credits.correct'), variant: 'outline-primary' },
    { kind: 'sign_out', show: may('members.write') && detail.sessions.length > 0, variant: 'outline-secondary' },
    { kind: 'delete', show: may('members.write') && !deleted, variant: 'outline-danger' },
  ];

  return (
    <>
      <p className="mb-2">
        <Link to="/admin/members">← {t('member.back')}</Link>
      </p>
      <h1 className="h3 text-break">
        {t('member.title', { name: member.name, id: member.id })} <MemberStatusBadge status={member.status} />
      </h1>
      {banned && member.ban_reason && (
        <div className="alert alert-danger text-break" data-testid="ban-reason">
          {t('member.ban_reason', { at: when(member.banned_at), reason: member.ban_reason })}
        </div>
      )}
      {notice && (
        <div className="alert alert-success" role="status">
          {notice}
        </div>
      )}

      <div className="row g-3 mb-3">
        <section className="col-12 col-lg-7" aria-labelledby="member-summary">
          <div className="card h-100">
            <div className="card-body">
              <h2 className="h5" id="member-summary">
                {t('member.summary')}
              </h2>
              <dl className="row mb-0 small">
                <Field label={t('member.email')}>
                  <span className="text-break">{member.email}</span>
                </Field>
                <Field label={t('member.site')}>{member.site_name}</Field>
                <Field label={t('member.credits')}>
                  <span data-testid="member-credits">{member.credits}</span>
                </Field>
                <Field label={t('member.language')}>{member.language}</Field>
                <Field label={t('member.signed_up')}>{when(member.created_at)}</Field>
                <Field label={t('member.last_active')}>{when(member.last_active_at)}</Field>
                <Field label={t('member.paid_at')}>{when(member.paid_at)}</Field>
                <Field label={t('member.direct_debit')}>{member.direct_debit_blocked ? t('member.direct_debit_blocked') : t('member.direct_debit_allowed')}</Field>
                <Field label={t('member.invisible')}>{member.invisible ? t('member.yes') : t('member.no')}</Field>
              </dl>
            </div>
          </div>
        </section>
        <section className="col-12 col-lg-5" aria-labelledby="member-actions">
          <div className="card h-100">
            <div className="card-body">
              <h2 className="h5" id="member-actions">
                {t('member.actions')}
              </h2>
              <div className="d-flex flex-wrap gap-2">
                {buttons
                  .filter((button) => button.show)
                  .map((button) => (
                    <button key={button.kind} type="button" className={`btn btn-sm btn-${button.variant}`} onClick={() => open({ kind: button.kind } as Dialog)}>
                      {t(`member.act.${button.kind}.button`)}
                    </button>
                  ))}
                {may('members.write') && (
                  <a className="btn btn-sm btn-outline-secondary" href={`${base}/export`} download>
                    {t('member.act.export.button')}
                  </a>
                )}
              </div>
            </div>
          </div>
        </section>
      </div>

      <Section id="member-profile" title={t('member.profile')}>
        <dl className="row mb-0 small">
          {(['gender', 'seeking', 'date_of_birth', 'country', 'region', 'city', 'status'] as const).map((field) => (
            <Field key={field} label={t(`member.profile_fields.${field}`)}>
              {detail.profile[field] ?? '—'}
            </Field>
          ))}
          <Field label={t('member.profile_fields.about')}>
            <span className="text-break" style={{ whiteSpace: 'pre-wrap' }}>
              {detail.profile.about || '—'}
            </span>
          </Field>
        </dl>
      </Section>

      <Section id="member-photos" title={t('member.photos')}>
        {detail.photos.length ? (
          <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0">
            {detail.photos.map((photo) => (
              <li key={photo.id} className="text-center small">
                <img src={photo.thumb_url} alt={t('member.photo_alt', { id: photo.id, status: photo.status })} width={96} height={96} className="rounded object-fit-cover d-block" loading="lazy" />
                {photo.status}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mb-0 text-body-secondary">{t('member.none')}</p>
        )}
      </Section>

      <Section id="member-conversations" title={t('member.conversations')}>
        <Table
          label={t('member.conversations')}
          empty={!detail.conversations.length}
          head={[t('member.partner'), t('member.messages'), t('member.last_message'), t('member.started_by'), ...(may('members.messages') ? [t('member.read')] : [])]}
        >
          {detail.conversations.map((conversation) => (
            <tr key={conversation.id} className="border-top">
              <td>
                <Link to={`/admin/members/${conversation.partner_id}`}>{conversation.partner_name}</Link> #{conversation.partner_id}
                {conversation.partner_fictional && <span className="badge text-bg-secondary ms-1">{t('members.fictional')}</span>}
              </td>
              <td>{conversation.message_count}</td>
              <td>{when(conversation.last_message_at)}</td>
              <td>{conversation.started_by_member ? t('member.started_by_member') : t('member.started_by_partner')}</td>
              {may('members.messages') && (
                <td>
                  <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => setReading({ id: conversation.id, partner: conversation.partner_name })}>
                    {t('member.read')}
                  </button>
                </td>
              )}
            </tr>
          ))}
        </Table>
      </Section>

      <Section id="member-orders" title={t('member.orders')}>
        <Table
          label={t('member.orders')}
          testId="member-orders"
          empty={!detail.orders.length}
          head={[t('member.order'), t('member.date'), t('member.credits'), t('member.price'), t('member.method'), t('member.order_status'), t('member.refund')]}
        >
          {detail.orders.map((order) => (
            <tr key={order.id} className="border-top" data-testid={`order-${order.id}`}>
              <td>#{order.id}</td>
              <td>{when(order.created_at)}</td>
              <td>{order.credits}</td>
              <td>{money(order.price)}</td>
              <td>
                {order.payment_method} ({order.provider})
              </td>
              <td>{order.status}</td>
              <td>
                {order.refund ? (
                  t('member.refunded', { credits: order.refund.credits, price: money(order.refund.price) })
                ) : order.refundable_credits > 0 && may('orders.refund') ? (
                  <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => open({ kind: 'refund', order })}>
                    {t('member.refund_button', { credits: order.refundable_credits, price: money(order.refundable_price) })}
                  </button>
                ) : (
                  t('member.nothing_to_refund')
                )}
              </td>
            </tr>
          ))}
        </Table>
      </Section>

      <Section id="member-ledger" title={t('member.ledger')}>
        <Table label={t('member.ledger')} empty={!detail.ledger.length} head={[t('member.date'), t('member.delta'), t('member.balance_after'), t('member.reason'), t('member.reference')]}>
          {detail.ledger.map((row) => (
            <tr key={row.id} className="border-top">
              <td>{when(row.at)}</td>
              <td>{row.delta > 0 ? `+${row.delta}` : row.delta}</td>
              <td>{row.balance_after}</td>
              <td>{row.reason}</td>
              <td className="text-break">{row.reference ?? '—'}</td>
            </tr>
          ))}
        </Table>
      </Section>

      <Section id="member-mandates" title={t('member.mandates')}>
        <Table label={t('member.mandates')} empty={!detail.mandates.length} head={[t('member.date'), t('member.order'), t('member.account_holder'), t('member.iban'), t('member.confirmed')]}>
          {detail.mandates.map((mandate) => (
            <tr key={mandate.id} className="border-top">
              <td>{when(mandate.created_at)}</td>
              <td>#{mandate.order_id}</td>
              <td className="text-break">{mandate.account_holder}</td>
              <td>…{mandate.iban_last4}</td>
              <td>{when(mandate.confirmed_at)}</td>
            </tr>
          ))}
        </Table>
      </Section>

      <Section id="member-sessions" title={t('member.sessions')}>
        <Table label={t('member.sessions')} empty={!detail.sessions.length} head={[t('member.session_started'), t('member.session_expires'), t('member.device')]}>
          {detail.sessions.map((session, index) => (
            <tr key={index} className="border-top">
              <td>{when(session.created_at)}</td>
              <td>{when(session.expires_at)}</td>
              <td className="text-break small">{session.user_agent ?? t('member.unknown_device')}</td>
            </tr>
          ))}
        </Table>
      </Section>

      {dialog && text && (
        <ActionDialog
          show
          title={text.title}
          body={text.body}
          confirmLabel={text.confirm}
          variant={dialog.kind === 'ban' || dialog.kind === 'delete' || dialog.kind === 'refund' ? 'danger' : 'primary'}
          needsReason={dialog.kind !== 'confirm_email' && dialog.kind !== 'sign_out'}
          withDelta={dialog.kind === 'credits'}
          deltaLabel={t('member.act.credits.delta')}
          pending={action.pending}
          error={action.error}
          onCancel={() => setDialog(null)}
          onConfirm={confirm}
        />
      )}
      <ConversationReader memberId={member.id} conversationId={reading?.id ?? null} partnerName={reading?.partner ?? ''} onClose={() => setReading(null)} />
    </>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="col-5 col-sm-4 fw-normal text-body-secondary">{label}</dt>
      <dd className="col-7 col-sm-8">{children}</dd>
    </>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card mb-3" aria-labelledby={id}>
      <div className="card-body">
        <h2 className="h5" id={id}>
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

function Table({ label, head, empty, testId, children }: { label: string; head: string[]; empty: boolean; testId?: string; children: ReactNode }) {
  const { t } = useTranslation();
  if (empty) return <p className="mb-0 text-body-secondary">{t('member.none')}</p>;
  return (
    <TableRegion label={label}>
      <table className="admin-table w-100 small" data-testid={testId}>
        <thead>
          <tr>
            {head.map((title, index) => (
              <th key={index} scope="col">
                {title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableRegion>
  );
}
