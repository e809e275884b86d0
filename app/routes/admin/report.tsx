import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { data, useLoaderData } from 'react-router';
import { Link } from '../../components/ui/links';
import { REPORT_STATUSES, type ReportDetail } from '../../../contract/admin/moderation';
import type { ReportEvidence } from '../../../contract/admin/report-evidence';
import type { ReportAssignees } from '../../../contract/admin/report-triage';
import { hasPermission } from '../../../contract/admin/roles';
import { LANGUAGE_NAMES, isSupportedLanguage } from '../../../contract/locales';
import type { z } from 'zod';
import { AssigneeSelect } from '../../components/admin/reports/AssigneeSelect';
import { ReportEvidenceSection } from '../../components/admin/reports/ReportEvidenceSection';
import { api } from '../../lib/api-client';
import { useApiAction } from '../../lib/use-api-action';
import type { Route } from './+types/report';
import { useConsoleStaff } from './layout';

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!context.staff) return { report: null, evidence: null, assignees: [] };
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw data('This page could not be found', { status: 404 });
  const answer = await context.adminGet<ReportDetail>(`/api/admin/reports/${id}`);
  if (answer.status === 401 || answer.status === 403) throw data('Your role does not allow this page.', { status: 403 });
  if (answer.status !== 200) throw data('This page could not be found', { status: 404 });
  // What was reported, and whom it can be given to (issue 32): only staff who may see its site (ADR 0060).
  const [evidence, assignees] = await Promise.all([
    context.adminGet<ReportEvidence>(`/api/admin/reports/${id}/evidence`),
    context.adminGet<z.infer<typeof ReportAssignees>>(`/api/admin/report-assignees?report_id=${id}`),
  ]);
  return { report: answer.body, evidence: evidence.status === 200 ? evidence.body : null, assignees: assignees.status === 200 ? assignees.body.items : [] };
}

const when = (iso: string) => iso.slice(0, 16).replace('T', ' ');

/** `/admin/reports/{id}` — one report: what was reported, status, assignee, notes and a reply by e-mail. */
export default function ReportPage() {
  const { t } = useTranslation();
  const loaded = useLoaderData<typeof loader>();
  const staff = useConsoleStaff();
  const [report, setReport] = useState(loaded.report);
  const [status, setStatus] = useState(report?.status ?? 'new');
  const [assignee, setAssignee] = useState(report?.assignee_id ? String(report.assignee_id) : '');
  const [notes, setNotes] = useState(report?.notes ?? '');
  const [reply, setReply] = useState('');
  const [saved, setSaved] = useState(false);
  const save = useApiAction((body: Record<string, unknown>) => api<ReportDetail>(`/api/admin/reports/${report!.id}`, { method: 'PATCH', body, retries: 0 }));
  if (!report) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const next = await save.run({
      version: report.version,
      status,
      assignee_id: assignee ? Number(assignee) : null,
      notes,
      ...(reply.trim() && { reply: reply.trim() }),
    });
    if (next) {
      setReport(next);
      setReply('');
      setSaved(true);
    }
  };
  const language = isSupportedLanguage(report.reporter_language) ? LANGUAGE_NAMES[report.reporter_language] : report.reporter_language;

  return (
    <>
      <p className="mb-2">
        <Link to="/admin/reports">← {t('reports.back')}</Link>
      </p>
      <h1 className="h3">{t('reports.detail_title', { id: report.id })}</h1>
      <dl className="row small mb-3">
        <dt className="col-sm-3">{t('reports.status')}</dt>
        <dd className="col-sm-9" data-testid="report-status">
          {t(`reports.statuses.${report.status}`)}
        </dd>
        <dt className="col-sm-3">{t('reports.reason')}</dt>
        <dd className="col-sm-9">{t(`reports.reasons.${report.reason}`)}</dd>
        <dt className="col-sm-3">{t('reports.kind')}</dt>
        <dd className="col-sm-9">
          {t(`reports.kinds.${report.kind}`)}
          {report.conversation_id && <> · {t('reports.conversation', { id: report.conversation_id })}</>}
        </dd>
        <dt className="col-sm-3">{t('reports.reporter')}</dt>
        <dd className="col-sm-9">
          <Link to={`/admin/members/${report.reporter_id}`} aria-label={t('reports.open_member', { name: report.reporter_name })}>
            {report.reporter_name} (#{report.reporter_id})
          </Link>{' '}
          · {t('reports.reporter_language', { language })}
        </dd>
        {report.profile_id && (
          <>
            <dt className="col-sm-3">{t('reports.reported')}</dt>
            <dd className="col-sm-9">
              <Link to={`/admin/members/${report.profile_id}`} aria-label={t('reports.open_member', { name: report.profile_name ?? '' })}>
                {report.profile_name} (#{report.profile_id})
              </Link>
            </dd>
          </>
        )}
        <dt className="col-sm-3">{t('reports.site')}</dt>
        <dd className="col-sm-9">{report.site_name}</dd>
        <dt className="col-sm-3">{t('reports.created')}</dt>
        <dd className="col-sm-9">{when(report.created_at)}</dd>
      </dl>
      <h2 className="h6">{t('reports.text')}</h2>
      <blockquote className="border-start border-3 ps-3 mb-4" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="report-text">
        {report.text || <span className="text-body-secondary">{t('reports.no_text')}</span>}
      </blockquote>
      {loaded.evidence && (
        <ReportEvidenceSection evidence={loaded.evidence} memberId={report.profile_id} canRemove={!!staff && hasPermission(staff.role, 'moderation.review')} />
      )}
      {report.reply_text && (
        <div className="mb-4">
          <h2 className="h6">{t('reports.last_reply', { when: report.replied_at ? when(report.replied_at) : '' })}</h2>
          <p style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{report.reply_text}</p>
        </div>
      )}
      <form onSubmit={(event) => void submit(event)} className="mb-4" style={{ maxWidth: 720 }}>
        <div className="row g-3">
          <div className="col-sm-6">
            <label className="form-label" htmlFor="report-status-select">
              {t('reports.status')}
            </label>
            <select id="report-status-select" className="form-select" value={status} onChange={(event) => setStatus(event.target.value as typeof status)}>
              {REPORT_STATUSES.map((option) => (
                <option key={option} value={option}>
                  {t(`reports.statuses.${option}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="col-sm-6">
            <AssigneeSelect
              value={assignee}
              onChange={setAssignee}
              me={staff ? { id: staff.id, email: staff.email } : null}
              people={loaded.assignees}
              current={report.assignee_id ? { id: report.assignee_id, email: report.assignee_email } : null}
            />
          </div>
          <div className="col-12">
            <label className="form-label" htmlFor="report-notes">
              {t('reports.notes')}
            </label>
            <textarea
              id="report-notes"
              className="form-control"
              rows={3}
              value={notes}
              onChange={(event) => setNotes(event.target.value)}
              aria-describedby="report-notes-hint"
              maxLength={10_000}
            />
            <div id="report-notes-hint" className="form-text">
              {t('reports.notes_hint')}
            </div>
          </div>
          <div className="col-12">
            <label className="form-label" htmlFor="report-reply">
              {t('reports.reply')}
            </label>
            <textarea
              id="report-reply"
              className="form-control"
              rows={4}
              value={reply}
              onChange={(event) => setReply(event.target.value)}
              aria-describedby="report-reply-hint"
              maxLength={5000}
            />
            <div id="report-reply-hint" className="form-text">
              {t('reports.reply_hint')}
            </div>
          </div>
        </div>
        {save.error && (
          <p className="alert alert-danger mt-3" role="alert">
            {save.error.message}
          </p>
        )}
        {saved && (
          <p className="text-success mt-3" role="status">
            {t('reports.saved')}
          </p>
        )}
        <button type="submit" className="btn btn-primary mt-3" disabled={save.pending}>
          {t('reports.save')}
        </button>
      </form>
    </>
  );
}
