import { z } from 'zod';
import { RecordIdParam } from '../inputs';

/**
 * A direct debit the site collected itself (its own SEPA mandate with SMS code) and the payer's
 * bank sent back. No provider reports these, so an operator books them from the bank's return
 * file (issue 33). The reason codes are the SEPA R-transaction codes of the EPC's guidance, with
 * their standard names as banks print them.
 */
export const SEPA_RETURN_REASONS = {
  AC01: 'Account identifier incorrect (i.e. invalid IBAN)',
  AC04: 'Account closed',
  AC06: 'Account blocked',
  AC13: 'Debtor account is a consumer account',
  AG01: 'Direct debit forbidden on this account for regulatory reasons',
  AG02: 'Operation/transaction code incorrect, invalid file format',
  AM04: 'Insufficient funds',
  AM05: 'Duplicate collection',
  BE05: 'Identifier of the creditor incorrect',
  CNOR: 'Creditor bank is not registered under this BIC in the CSM',
  DNOR: 'Debtor bank is not registered under this BIC in the CSM',
  FF01: 'Invalid file format',
  MD01: 'No mandate',
  MD02: 'Mandate data missing or incorrect',
  MD06: 'Disputed authorised transaction (refund request by the payer)',
  MD07: 'Debtor deceased',
  MS02: 'Refusal by the debtor',
  MS03: 'Reason not specified',
  RC01: 'Bank identifier incorrect (i.e. invalid BIC)',
  RR01: 'Regulatory reason: debtor account or identification missing',
  RR02: 'Regulatory reason: debtor name or address missing',
  RR03: 'Regulatory reason: creditor name or address missing',
  RR04: 'Regulatory reason',
  SL01: 'Specific service offered by the debtor bank',
} as const;
export type SepaReturnReason = keyof typeof SEPA_RETURN_REASONS;
export const SEPA_RETURN_REASON_CODES = Object.keys(SEPA_RETURN_REASONS) as [SepaReturnReason, ...SepaReturnReason[]];

export const OrderIdParams = z.object({ id: RecordIdParam });

/** `POST /api/admin/orders/{id}/sepa-return`: the bank's reason code and the day of the return. */
export const BookSepaReturnInput = z.object({
  reason_code: z.enum(SEPA_RETURN_REASON_CODES),
  /** The day the bank returned the debit (`YYYY-MM-DD`, UTC). */
  returned_on: z.iso.date(),
});
export type BookSepaReturnInput = z.infer<typeof BookSepaReturnInput>;
