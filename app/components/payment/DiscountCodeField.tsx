import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import type { PaymentMethod } from '../../../contract/payment-methods';
import type { DiscountCode, DiscountCodeResponse } from '../../../contract/payments';
import { api } from '../../lib/api-client';
import { useApiAction } from '../../lib/use-api-action';

interface Props {
  bundleId: number;
  method: PaymentMethod | null;
  applied: DiscountCode | null;
  onApplied(code: DiscountCode | null): void;
}

const check = (code: string, bundleId: number, method: PaymentMethod | null) => {
  const query = new URLSearchParams({ code, bundle_id: String(bundleId), ...(method && { payment_method: method }) });
  return api<DiscountCodeResponse>(`discountcode.php?${query}`);
};

/**
 * An optional discount code, checked with `discountcode.php` against the chosen bundle and
 * method; the refusal ('Code not found', 'Code already used', …) is the server's text.
 */
export function DiscountCodeField({ bundleId, method, applied, onApplied }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [code, setCode] = useState(applied?.code ?? '');
  const apply = useApiAction(async (value: string) => {
    const { discountcode } = await check(value, bundleId, method);
    onApplied(discountcode);
    return true;
  });

  // A code may hold for one method and not another: check it again when the method changes.
  useEffect(() => {
    if (!applied) return;
    void apply.run(applied.code).then((ok) => ok === undefined && onApplied(null));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [method]);

  const error = apply.error?.message;
  return (
    <form
      className="mb-3"
      onSubmit={(event) => {
        event.preventDefault();
        const value = code.trim();
        if (value) void apply.run(value);
        else onApplied(null);
      }}
    >
      <label className="form-label" htmlFor={id}>
        {t('credits.discount_code_label')}
      </label>
      <div className="input-group has-validation">
        <input
          id={id}
          className={`form-control ${error ? 'is-invalid' : applied ? 'is-valid' : ''}`}
          value={code}
          maxLength={40}
          autoComplete="off"
          aria-invalid={!!error}
          aria-describedby={`${id}-feedback`}
          onChange={(event) => setCode(event.target.value)}
        />
        <button type="submit" className="btn btn-outline-secondary" disabled={apply.pending}>
          {t('credits.apply_code')}
        </button>
        <div id={`${id}-feedback`} className={error ? 'invalid-feedback' : 'valid-feedback'} role="status">
          {error ?? (applied ? t('credits.code_applied', { code: applied.code, percentage: applied.value_percentage }) : '')}
        </div>
      </div>
    </form>
  );
}
