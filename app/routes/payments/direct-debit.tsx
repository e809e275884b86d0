import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { data, redirect, useLoaderData } from 'react-router';
import { Link } from '../../components/ui/links';
import { DirectDebitDone } from '../../components/payment/direct-debit/DirectDebitDone';
import { DirectDebitSummary } from '../../components/payment/direct-debit/DirectDebitSummary';
import { EMPTY_MANDATE, MandateForm } from '../../components/payment/direct-debit/MandateForm';
import { SmsCodeForm } from '../../components/payment/direct-debit/SmsCodeForm';
import { useDirectDebit } from '../../components/payment/direct-debit/use-direct-debit';
import { useRefreshAfterPayment } from '../../components/payment/use-refresh-after-payment';
import { formatMoney } from '../../lib/format-money';
import { useRootData } from '../../root';
import type { Route } from './+types/direct-debit';

const notFound = () => data('This page could not be found', { status: 404 });

export async function loader({ url, context }: Route.LoaderArgs) {
  if (!context.user) throw redirect('/login');
  const orderId = Number(url.searchParams.get('order'));
  if (!Number.isSafeInteger(orderId) || orderId <= 0) throw notFound();
  const answer = await context.orderStatus(orderId);
  // Another member's order, or one paid another way, is not this page's business.
  if (!answer.ok || answer.data.order.payment_method !== 'directdebit') throw notFound();
  // Details sent and a code texted before a reload: the form goes on at the code step.
  return { status: answer.data, pending: await context.pendingMandate(orderId) };
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: matches[0]?.data?.settings.name ?? '' }];
}

/** `/directdebit?order=ID` — pay an order by SEPA direct debit, confirmed by a texted code (spec §2, §5). */
export default function DirectDebit() {
  const { t, i18n } = useTranslation();
  const { status: initial, pending } = useLoaderData<typeof loader>();
  const { company, settings } = useRootData();
  const flow = useDirectDebit(initial.order.id, initial, pending);
  const [values, setValues] = useState(EMPTY_MANDATE);
  useRefreshAfterPayment(flow.status);

  const order = flow.mandate?.order ?? flow.status?.order ?? initial.order;
  const creditor = [company.name || settings.name, company.address, company.city].filter(Boolean).join(', ');
  const ended = order.status === 'failed' || order.status === 'cancelled' || order.status === 'expired';

  return (
    <div className="container py-4" style={{ maxWidth: 640 }}>
      <h1 className="h3 mb-3">{t('directdebit.title')}</h1>
      <DirectDebitSummary order={order} />
      {flow.step === 'done' && flow.status ? (
        <DirectDebitDone status={flow.status} />
      ) : ended ? (
        <div className="alert alert-danger" role="alert">
          <p>{t('errors.payment_failed')}</p>
          <Link className="btn btn-outline-primary" to="/credits">
            {t('directdebit.other_method')}
          </Link>
        </div>
      ) : flow.step === 'code' && flow.mandate ? (
        <SmsCodeForm
          sentTo={flow.mandate.sms_sent_to}
          resent={flow.resent}
          onConfirm={(code) => void flow.confirm.run(code)}
          onResend={() => void flow.resend.run()}
          onEditDetails={flow.editDetails}
          confirming={flow.confirm.pending}
          resending={flow.resend.pending}
          confirmError={flow.confirm.error}
          resendError={flow.resend.error}
        />
      ) : (
        <MandateForm
          values={values}
          onChange={setValues}
          onSubmit={(submitted) => void flow.submit.run(submitted)}
          pending={flow.submit.pending}
          error={flow.submit.error}
          creditor={creditor}
          amount={formatMoney(order.price, i18n.language)}
        />
      )}
    </div>
  );
}
