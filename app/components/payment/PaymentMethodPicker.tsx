import { useTranslation } from '../../lib/use-translation';
import { Link } from '../ui/links';
import type { PaymentMethod } from '../../../contract/payment-methods';
import { PaymentMethodLogo } from './PaymentMethodLogo';

/**
 * The methods offered in the member's payment country, as links: the chosen method is part of
 * the address (`/credits/{id}/{method}`), so it survives a reload and the provider's return.
 */
export function PaymentMethodPicker({ bundleId, methods, selected }: { bundleId: number; methods: PaymentMethod[]; selected: PaymentMethod | null }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="choose-method-heading" className="mb-3">
      <h2 className="h5" id="choose-method-heading">
        {t('credits.choose_method')}
      </h2>
      <ul className="row row-cols-2 row-cols-md-3 g-2 list-unstyled mb-0">
        {methods.map((method) => {
          const chosen = method === selected;
          return (
            <li className="col" key={method}>
              <Link
                to={`/credits/${bundleId}/${method}`}
                replace
                preventScrollReset
                aria-current={chosen ? 'true' : undefined}
                className={`btn w-100 text-start ${chosen ? 'btn-outline-primary active border-2' : 'btn-outline-secondary'}`}
                data-testid={`method-${method}`}
              >
                <PaymentMethodLogo method={method} />
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
