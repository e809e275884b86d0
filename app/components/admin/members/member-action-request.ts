import type { MemberDetail } from '../../../../contract/admin/members';
import { api } from '../../../lib/api-client';
import type { MemberDialog } from './member-page';
import type { MemberActionInput } from './MemberActionDialog';
import { suspendBody } from './SuspendLengthField';

/**
 * Sends one confirmed member action and answers with the member page as it is afterwards. An
 * action on the account answers with the page itself; taking down a photo or the text answers
 * briefly, so the page is read again.
 */
export async function requestMemberAction(memberId: number, dialog: MemberDialog, input: MemberActionInput, correctionKey: string): Promise<MemberDetail> {
  const base = `/api/admin/members/${memberId}`;
  const post = <T = MemberDetail>(path: string, body: unknown = {}) =>
    api<T>(path.startsWith('/') ? path : `${base}/${path}`, { method: 'POST', body, retries: 0 });
  const withReason = { reason: input.reason };
  switch (dialog.kind) {
    case 'ban':
    case 'lift_ban':
    case 'unblock_direct_debit':
    case 'block_direct_debit':
    case 'delete':
    case 'hide':
    case 'show':
    case 'lift_suspension':
      return post(dialog.kind.replace(/_/g, '-'), withReason);
    case 'suspend':
      return post('suspend', { ...withReason, ...suspendBody(input.length) });
    case 'confirm_email':
      return post('confirm-email');
    case 'sign_out':
      return post('sign-out');
    case 'credits':
      return post('credit-corrections', { delta: input.delta, reason: input.reason, idempotency_key: correctionKey });
    case 'goodwill':
      return post('goodwill', { credits: input.delta, reason: input.reason, idempotency_key: correctionKey });
    case 'refund':
      return post(`orders/${dialog.order.id}/refund`, { ...withReason, credits: input.delta });
    case 'remove_photo':
      await post(`/api/admin/photos/${dialog.photo.id}/remove`, { reason: input.contentReason });
      return api<MemberDetail>(base);
    case 'remove_text':
      await post('profile-text/remove', { reason: input.contentReason });
      return api<MemberDetail>(base);
  }
}
