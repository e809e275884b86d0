import { useId, useState, type FormEvent, type ReactNode } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from '../../../lib/use-translation';
import { FormAlert } from '../../ui/FormAlert';
import type { ApiError } from '../../../lib/api-client';

export interface DialogInput {
  reason: string;
  delta: number;
}

/**
 * Asks before a console action on a member: what will happen, a reason for the audit log when
 * the action takes one, and the server's refusal shown in place. The dialog stays open until the
 * action succeeds.
 */
export function ActionDialog({
  show,
  title,
  body,
  confirmLabel,
  variant = 'primary',
  needsReason = true,
  withDelta = false,
  deltaLabel,
  deltaInitial = '',
  children,
  ready = true,
  pending,
  error,
  onCancel,
  onConfirm,
}: {
  show: boolean;
  title: string;
  body: ReactNode;
  confirmLabel: string;
  variant?: 'primary' | 'danger' | 'warning';
  needsReason?: boolean;
  withDelta?: boolean;
  deltaLabel?: string;
  /** What the number field starts with (a refund offers every unused credit). */
  deltaInitial?: string;
  /** Fields of this action's own (a suspension's length, a removal's reason), shown above the reason. */
  children?: ReactNode;
  /** Whether those fields are filled in well enough to confirm. */
  ready?: boolean;
  pending: boolean;
  error: ApiError | null;
  onCancel: () => void;
  onConfirm: (input: DialogInput) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [reason, setReason] = useState('');
  const [delta, setDelta] = useState(deltaInitial);
  const reasonOk = !needsReason || reason.trim().length >= 3;
  const deltaNumber = Number(delta);
  const deltaOk = !withDelta || (delta.trim() !== '' && Number.isInteger(deltaNumber) && deltaNumber !== 0);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reasonOk && deltaOk && ready) onConfirm({ reason: reason.trim(), delta: deltaNumber });
  };

  return (
    <Modal show={show} onHide={onCancel} centered aria-labelledby={`${id}-title`} onExited={() => (setReason(''), setDelta(''))}>
      <form onSubmit={submit} noValidate>
        <Modal.Header closeButton closeLabel={t('member.cancel')}>
          <Modal.Title id={`${id}-title`} className="h5">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>{body}</p>
          <FormAlert error={error} />
          {children}
          {withDelta && (
            <div className="mb-3">
              <label className="form-label" htmlFor={`${id}-delta`}>
                {deltaLabel}
              </label>
              <input
                id={`${id}-delta`}
                className="form-control"
                type="number"
                step={1}
                inputMode="numeric"
                required
                value={delta}
                onChange={(event) => setDelta(event.target.value)}
              />
            </div>
          )}
          {needsReason && (
            <div className="mb-1">
              <label className="form-label" htmlFor={`${id}-reason`}>
                {t('member.reason_label')}
              </label>
              <textarea
                id={`${id}-reason`}
                className="form-control"
                rows={3}
                maxLength={500}
                required
                aria-describedby={`${id}-hint`}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
              />
              <div id={`${id}-hint`} className="form-text">
                {t('member.reason_hint')}
              </div>
            </div>
          )}
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
            {t('member.cancel')}
          </button>
          <button type="submit" className={`btn btn-${variant}`} disabled={pending || !reasonOk || !deltaOk || !ready}>
            {confirmLabel}
          </button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
