import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { ApiError } from '../../../lib/api-client';
import { ActionDialog, type DialogInput } from './ActionDialog';
import { ContentReasonField } from './ContentReasonField';
import { money, type MemberDialog } from './member-page';
import { isSuspendLengthReady, SuspendLengthField, type SuspendLength } from './SuspendLengthField';
import { useConsoleLanguage } from '../use-console-language';

/** What a confirmed member action carries: the reason and delta, a suspension's length, a removal's reason. */
export interface MemberActionInput extends DialogInput {
  length: SuspendLength;
  contentReason: string;
}

const DANGEROUS: MemberDialog['kind'][] = ['ban', 'delete', 'refund', 'block_direct_debit', 'suspend', 'remove_photo', 'remove_text'];
/** Actions without a free-text reason: their own rule says why, or the member is told a listed reason. */
const WITHOUT_REASON: MemberDialog['kind'][] = ['confirm_email', 'sign_out', 'remove_photo', 'remove_text'];

/**
 * The confirmation of one member action, in that action's words; a refund names the order, its
 * credits, the amount and the provider that pays it back; a suspension asks how long; a removal
 * asks which of the reasons the member is told.
 */
export function MemberActionDialog({
  dialog,
  pending,
  error,
  onCancel,
  onConfirm,
}: {
  dialog: MemberDialog;
  pending: boolean;
  error: ApiError | null;
  onCancel: () => void;
  onConfirm: (input: MemberActionInput) => void;
}) {
  const { t } = useTranslation();
  const language = useConsoleLanguage();
  const { kind } = dialog;
  const [length, setLength] = useState<SuspendLength>({ days: 7 });
  const [contentReason, setContentReason] = useState(kind === 'remove_photo' ? 'nudity' : 'contact_details');
  const text =
    dialog.kind === 'refund'
      ? {
          title: t('member.act.refund.title', { id: dialog.order.id }),
          body: t('member.act.refund.body', {
            credits: dialog.order.refundable_credits,
            price: money(dialog.order.refundable_price, language),
            provider: dialog.order.provider,
          }),
          confirm: t('member.act.refund.confirm'),
        }
      : dialog.kind === 'remove_photo'
        ? {
            title: t('member.act.remove_photo.title', { id: dialog.photo.id }),
            body: t('member.act.remove_photo.body'),
            confirm: t('member.act.remove_photo.confirm'),
          }
        : { title: t(`member.act.${kind}.title`), body: t(`member.act.${kind}.body`), confirm: t(`member.act.${kind}.confirm`) };

  return (
    <ActionDialog
      show
      title={text.title}
      body={text.body}
      confirmLabel={text.confirm}
      variant={DANGEROUS.includes(kind) ? 'danger' : 'primary'}
      needsReason={!WITHOUT_REASON.includes(kind)}
      withDelta={kind === 'credits' || kind === 'goodwill' || kind === 'refund'}
      deltaLabel={t(`member.act.${kind === 'goodwill' || kind === 'refund' ? kind : 'credits'}.delta`)}
      deltaInitial={dialog.kind === 'refund' ? String(dialog.order.refundable_credits) : ''}
      ready={kind !== 'suspend' || isSuspendLengthReady(length)}
      pending={pending}
      error={error}
      onCancel={onCancel}
      onConfirm={(input) => onConfirm({ ...input, length, contentReason })}
    >
      {dialog.kind === 'remove_photo' && (
        <img
          src={dialog.photo.thumb_url}
          alt={t('member.photo_alt', { id: dialog.photo.id, status: dialog.photo.status })}
          width={96}
          height={96}
          className="rounded mb-3 object-fit-cover"
        />
      )}
      {kind === 'suspend' && <SuspendLengthField value={length} onChange={setLength} />}
      {(kind === 'remove_photo' || kind === 'remove_text') && (
        <ContentReasonField kind={kind === 'remove_photo' ? 'photo' : 'text'} value={contentReason} onChange={setContentReason} />
      )}
    </ActionDialog>
  );
}
