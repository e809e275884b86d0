import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { data, Form, useLoaderData, useRevalidator } from 'react-router';
import type { CannedRepliesList, CannedReply } from '../../../contract/admin/canned-replies';
import type { SiteOptions } from '../../../contract/admin/site-options';
import { SiteSelect } from '../../components/admin/SiteSelect';
import { CannedReplyForm, type CannedReplyValues } from '../../components/admin/inbox/CannedReplyForm';
import { TableScroll } from '../../components/ui/TableScroll';
import { api } from '../../lib/api-client';
import { useApiAction } from '../../lib/use-api-action';
import type { Route } from './+types/canned-replies';

export async function loader({ url, context }: Route.LoaderArgs) {
  // Not signed in: the console layout shows its sign-in instead of this page.
  if (!context.staff) return { replies: [] as CannedReply[], siteId: '', sites: [] as SiteOptions, error: null };
  const chosen = url.searchParams.get('site_id');
  const read = (siteId: string) => context.adminGet<CannedRepliesList | { message: string }>(`/api/admin/canned-replies?site_id=${encodeURIComponent(siteId)}`);
  let siteId = chosen ?? '1';
  let answer = await read(siteId);
  if (answer.status === 403 || answer.status === 401) throw data('Your role does not allow this page.', { status: 403 });
  // Without a chosen site, the first site the staff member works on (ADR 0060), when site 1 is not one of theirs.
  const offered = answer.status === 200 ? (answer.body as CannedRepliesList).sites : [];
  if (chosen === null && offered.length > 0 && !offered.some((site) => String(site.id) === siteId)) {
    siteId = String(offered[0].id);
    answer = await read(siteId);
  }
  return {
    replies: answer.status === 200 ? (answer.body as CannedRepliesList).items : [],
    siteId,
    sites: offered,
    error: answer.status === 200 ? null : (answer.body as { message: string }).message,
  };
}

const EMPTY: CannedReplyValues = { language: 'en', title: '', body: '' };

/** `/admin/canned-replies` — the ready-made answers hosts pick from, per site and language (issue 32). */
export default function CannedRepliesPage() {
  const { t } = useTranslation();
  const { replies, siteId, sites, error } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<number | null>(null);
  const [formKey, setFormKey] = useState(0);
  const create = useApiAction((values: CannedReplyValues) =>
    api<CannedReply>('/api/admin/canned-replies', { method: 'POST', body: { site_id: Number(siteId), ...values }, retries: 0 }),
  );
  const save = useApiAction((id: number, values: CannedReplyValues) =>
    api<CannedReply>(`/api/admin/canned-replies/${id}`, { method: 'PATCH', body: values, retries: 0 }),
  );
  const remove = useApiAction((id: number) => api(`/api/admin/canned-replies/${id}`, { method: 'DELETE', retries: 0 }));
  const edited = replies.find((reply) => reply.id === editing) ?? null;
  const pageError = error ?? remove.error?.message;

  return (
    <>
      <h1 className="h3">{t('canned_replies.title')}</h1>
      <p className="text-body-secondary">{t('canned_replies.intro')}</p>
      <Form method="get" className="d-flex flex-wrap align-items-end gap-2 mb-3">
        <SiteSelect key={siteId} compact label={t('canned_replies.site')} name="site_id" sites={sites} defaultValue={siteId} style={{ maxWidth: '16rem' }} />
        <button type="submit" className="btn btn-sm btn-outline-secondary">
          {t('canned_replies.show')}
        </button>
      </Form>
      {pageError && (
        <div className="alert alert-danger" role="alert">
          {pageError}
        </div>
      )}
      <TableScroll label={t('canned_replies.title')}>
        <table className="table table-sm align-middle" data-testid="canned-replies-table">
          <thead>
            <tr>
              <th scope="col">{t('canned_replies.language')}</th>
              <th scope="col">{t('canned_replies.reply_title')}</th>
              <th scope="col">{t('canned_replies.body')}</th>
              <th scope="col">{t('canned_replies.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {replies.map((reply) => (
              <tr key={reply.id} data-testid="canned-reply-row">
                <td>{reply.language}</td>
                <td>{reply.title}</td>
                <td className="small" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxWidth: '24rem' }}>
                  {reply.body}
                </td>
                <td>
                  <div className="d-flex flex-wrap gap-1">
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-primary"
                      aria-expanded={editing === reply.id}
                      aria-label={`${t('canned_replies.edit')} ${reply.title}`}
                      onClick={() => setEditing(editing === reply.id ? null : reply.id)}
                    >
                      {t('canned_replies.edit')}
                    </button>
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-danger"
                      aria-label={`${t('canned_replies.delete')} ${reply.title}`}
                      onClick={async () => {
                        if (!window.confirm(t('canned_replies.delete_confirm', { title: reply.title }))) return;
                        if ((await remove.run(reply.id)) !== undefined) await revalidator.revalidate();
                      }}
                    >
                      {t('canned_replies.delete')}
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {replies.length === 0 && <p className="text-body-secondary">{t('canned_replies.none')}</p>}
      {edited && (
        <section className="card mt-3" aria-labelledby="edit-canned-reply" style={{ maxWidth: 720 }}>
          <div className="card-body">
            <h2 className="h5" id="edit-canned-reply">
              {t('canned_replies.edit_title', { title: edited.title })}
            </h2>
            <CannedReplyForm
              key={`${edited.id}-${edited.updated_at}`}
              idPrefix="edit-canned"
              initial={{ language: edited.language, title: edited.title, body: edited.body }}
              submitLabel={t('canned_replies.save')}
              pending={save.pending}
              error={save.error}
              onSubmit={async (values) => {
                if ((await save.run(edited.id, values)) !== undefined) {
                  setEditing(null);
                  await revalidator.revalidate();
                }
              }}
            />
          </div>
        </section>
      )}
      <section className="card mt-4" aria-labelledby="new-canned-reply" style={{ maxWidth: 720 }}>
        <div className="card-body">
          <h2 className="h5" id="new-canned-reply">
            {t('canned_replies.create_title')}
          </h2>
          <CannedReplyForm
            key={formKey}
            idPrefix="new-canned"
            initial={EMPTY}
            submitLabel={t('canned_replies.create')}
            pending={create.pending}
            error={create.error}
            onSubmit={async (values) => {
              if ((await create.run(values)) !== undefined) {
                setFormKey((key) => key + 1);
                await revalidator.revalidate();
              }
            }}
          />
        </div>
      </section>
    </>
  );
}
