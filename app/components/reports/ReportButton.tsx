import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MountWhenFirstShown } from '../ui/MountWhenFirstShown';
import type { ReportTarget } from './ReportDialog';

/** The dialog (react-bootstrap's Modal, the reasons' schema) loads when a member first opens it. */
const ReportDialog = lazy(() => import('./ReportDialog').then((module) => ({ default: module.ReportDialog })));

/** The Report button, on a member's profile and in the chat's top bar, and its dialog. */
export function ReportButton({ target, name, className = 'btn btn-outline-secondary btn-sm' }: { target: ReportTarget; name: string; className?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)} data-testid="report-button">
        {t('report.button')}
      </button>
      <MountWhenFirstShown shown={open}>
        <ReportDialog target={target} name={name} show={open} onClose={() => setOpen(false)} />
      </MountWhenFirstShown>
    </>
  );
}
