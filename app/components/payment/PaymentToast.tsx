import { useState } from 'react';
import { Toast, ToastContainer } from 'react-bootstrap';
import { useTranslation } from '../../lib/use-translation';

/** Spec §4: a completed payment shows a toast with the order number. */
export function PaymentToast({ orderId, credits }: { orderId: number; credits: number }) {
  const { t } = useTranslation();
  const [show, setShow] = useState(true);
  return (
    <ToastContainer position="top-end" className="p-3 position-fixed" style={{ zIndex: 1080 }}>
      <Toast show={show} onClose={() => setShow(false)} delay={8000} autohide bg="light" data-testid="payment-toast">
        <Toast.Header closeLabel={t('credits.close')}>
          <strong className="me-auto">{t('credits.toast_title')}</strong>
        </Toast.Header>
        <Toast.Body>{t('credits.toast_body', { id: orderId, number: credits })}</Toast.Body>
      </Toast>
    </ToastContainer>
  );
}
