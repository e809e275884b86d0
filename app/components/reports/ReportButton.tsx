import { lazy, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { MountWhenFirstShown } from '../ui/MountWhenFirstShown';
import type { ReportTarget } from './ReportDialog';

/** The dialog (react-bootstrap's Modal, the reasons' schema) loads when a member first opens it. */
const ReportDialog = lazy(() => import('./ReportDialog').then((module) => ({ default: module.ReportDialog })));

/** The report dialog, loaded the first time it is shown (from a button or the chat's "⋯" menu). */
export function LazyReportDialog({ target, name, show, onClose }: { target: ReportTarget; name: string; show: boolean; onClose(): void }) {
  return (
    <MountWhenFirstShown shown={show}>
      <ReportDialog target={target} name={name} show={show} onClose={onClose} />
    </MountWhenFirstShown>
  );
}

/** The Report button on a member's profile, and its dialog. */
export function ReportButton({ target, name, className = 'btn btn-outline-secondary btn-sm' }: { target: ReportTarget; name: string; className?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)} data-testid="report-button">
        {t('report.button')}
      </button>
      <LazyReportDialog target={target} name={name} show={open} onClose={() => setOpen(false)} />
    </>
  );
}
