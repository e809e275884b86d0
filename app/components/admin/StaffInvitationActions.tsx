import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useRevalidator } from 'react-router';
import type { z } from 'zod';
import type { InviteStaffResponse, StaffMember } from '../../../contract/admin/staff';
import { api } from '../../lib/api-client';
import { useApiAction } from '../../lib/use-api-action';
import { ActionDialog } from './members/ActionDialog';

/** An open invitation: send it again (a new link; the old one stops working) or withdraw it after a question. */
export function StaffInvitationActions({ member }: { member: StaffMember }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [link, setLink] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const resend = useApiAction(() =>
    api<z.infer<typeof InviteStaffResponse>>(`/api/admin/staff/${member.id}/invitation`, { method: 'POST', body: {}, retries: 0 }),
  );
  const withdraw = useApiAction(() => api(`/api/admin/staff/${member.id}/invitation`, { method: 'DELETE', retries: 0 }));

  const sendAgain = async () => {
    const answer = await resend.run();
    if (answer) setLink(answer.invitation_url);
  };
  const confirmWithdraw = async () => {
    if ((await withdraw.run()) === undefined) return;
    setAsking(false);
    await revalidator.revalidate();
  };

  return (
    <>
      <button type="button" className="btn btn-sm btn-outline-primary" disabled={resend.pending} onClick={() => void sendAgain()}>
        {t('staff.resend')}
      </button>
      <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => (withdraw.clearError(), setAsking(true))}>
        {t('staff.withdraw')}
      </button>
      {link && (
        <div className="small w-100" role="status">
          {t('staff.resent', { email: member.email })}
          <div className="font-monospace text-break user-select-all" data-testid="resent-invitation-url">
            {link}
          </div>
        </div>
      )}
      {resend.error && (
        <span className="small text-danger" role="alert">
          {resend.error.message}
        </span>
      )}
      <ActionDialog
        show={asking}
        title={t('staff.confirm.withdraw.title', { who: member.email })}
        body={t('staff.confirm.withdraw.body', { email: member.email })}
        confirmLabel={t('staff.confirm.withdraw.confirm')}
        variant="danger"
        needsReason={false}
        pending={withdraw.pending}
        error={withdraw.error}
        onCancel={() => setAsking(false)}
        onConfirm={() => void confirmWithdraw()}
      />
    </>
  );
}
