import { useTranslation } from '../../lib/use-translation';
import { data, Form, useLoaderData } from 'react-router';
import type { HostFigures } from '../../../contract/admin/host-figures';
import { TableScroll } from '../../components/ui/TableScroll';
import type { Route } from './+types/host-figures';

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

export async function loader({ url, context }: Route.LoaderArgs) {
  if (!context.staff) return { figures: null, error: null };
  const query = url.searchParams;
  // The last 30 days unless the operator chose a period.
  const today = new Date();
  const from = query.get('from') || isoDay(new Date(today.getTime() - 29 * 86_400_000));
  const to = query.get('to') || isoDay(today);
  const answer = await context.adminGet<HostFigures | { message: string }>(
    `/api/admin/host-figures?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
  );
  if (answer.status === 403 || answer.status === 401) throw data('Your role does not allow this page.', { status: 403 });
  if (answer.status !== 200) return { figures: { from, to, items: [] } as HostFigures, error: (answer.body as { message: string }).message };
  return { figures: answer.body as HostFigures, error: null };
}

/** Minutes and seconds, the way a team lead reads a reply time. */
function duration(seconds: number | null): string {
  if (seconds === null) return '–';
  const minutes = Math.floor(seconds / 60);
  return minutes > 0 ? `${minutes} min ${seconds % 60} s` : `${seconds} s`;
}

/** `/admin/host-figures` — per-host work for a period (issue 32): owners and admins see every host, a host their own line. */
export default function HostFiguresPage() {
  const { t } = useTranslation();
  const { figures, error } = useLoaderData<typeof loader>();
  if (!figures) return null;
  return (
    <>
      <h1 className="h3">{t('host_figures.title')}</h1>
      <p className="text-body-secondary">{t('host_figures.intro')}</p>
      <Form method="get" className="d-flex flex-wrap align-items-end gap-2 mb-3">
        <div>
          <label className="form-label small mb-1" htmlFor="figures-from">
            {t('host_figures.from')}
          </label>
          <input id="figures-from" type="date" name="from" className="form-control form-control-sm" defaultValue={figures.from} />
        </div>
        <div>
          <label className="form-label small mb-1" htmlFor="figures-to">
            {t('host_figures.to')}
          </label>
          <input id="figures-to" type="date" name="to" className="form-control form-control-sm" defaultValue={figures.to} />
        </div>
        <button type="submit" className="btn btn-sm btn-outline-secondary">
          {t('host_figures.show')}
        </button>
      </Form>
      {error && (
        <div className="alert alert-danger" role="alert">
          {error}
        </div>
      )}
      <TableScroll label={t('host_figures.title')}>
        <table className="table table-sm align-middle" data-testid="host-figures-table">
          <thead>
            <tr>
              <th scope="col">{t('host_figures.host')}</th>
              <th scope="col">{t('host_figures.conversations')}</th>
              <th scope="col">{t('host_figures.messages')}</th>
              <th scope="col">{t('host_figures.median')}</th>
              <th scope="col">{t('host_figures.average')}</th>
              <th scope="col">{t('host_figures.credits')}</th>
            </tr>
          </thead>
          <tbody>
            {figures.items.map((line) => (
              <tr key={line.staff_id} data-testid="host-figures-row">
                <td>
                  {line.name || line.email}
                  <div className="small text-body-secondary">{line.email}</div>
                </td>
                <td>{line.conversations_answered}</td>
                <td>{line.messages_sent}</td>
                <td>{duration(line.median_reply_seconds)}</td>
                <td>{duration(line.average_reply_seconds)}</td>
                <td>{line.credits_spent}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {figures.items.length === 0 && <p className="text-body-secondary">{t('host_figures.none')}</p>}
    </>
  );
}
