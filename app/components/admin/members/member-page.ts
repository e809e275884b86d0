import type { MemberDetail } from '../../../../contract/admin/members';
import { formatMoney } from '../../../lib/format-money';

/** The confirmation open on the member page: one per action, a refund for one order, a removal for one photo. */
export type MemberDialog =
  | {
      kind:
        | 'ban'
        | 'lift_ban'
        | 'confirm_email'
        | 'unblock_direct_debit'
        | 'block_direct_debit'
        | 'credits'
        | 'goodwill'
        | 'sign_out'
        | 'delete'
        | 'hide'
        | 'show'
        | 'suspend'
        | 'lift_suspension'
        | 'remove_text';
    }
  | { kind: 'refund'; order: MemberDetail['orders'][number] }
  | { kind: 'remove_photo'; photo: MemberDetail['photos'][number] };

/** A timestamp cut to the minute (UTC, as the API sends it); a dash when there is none. */
export const when = (iso: string | null) => (iso ? iso.slice(0, 16).replace('T', ' ') : '—');

/** An amount as the member page writes it, in the console's language. */
export const money = (price: { amount: number; currency: string }, language: string) => formatMoney(price, language);
