import { useState, type ChangeEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { data, Form, useLoaderData, useRevalidator } from 'react-router';
import type { z } from 'zod';
import type { AdminPartnerCard, PartnerCardsList } from '../../../contract/admin/partner-cards';
import { draftOf, EMPTY_PARTNER_CARD, PartnerCardForm, type PartnerCardValues } from '../../components/admin/PartnerCardForm';
import { TableScroll } from '../../components/ui/TableScroll';
import { api, ApiError } from '../../lib/api-client';
import { useApiAction } from '../../lib/use-api-action';
import type { Route } from './+types/partner-cards';

export async function loader({ url, context }: Route.LoaderArgs) {
  // Not signed in: the console layout shows its sign-in instead of this page.
  if (!context.staff) return { cards: [] as AdminPartnerCard[], siteId: '', error: null };
  const siteId = url.searchParams.get('site_id') ?? '';
  const answer = await context.adminGet<z.infer<typeof PartnerCardsList> | { message: string }>(
    `/api/admin/partner-cards${siteId ? `?site_id=${encodeURIComponent(siteId)}` : ''}`,
  );
  if (answer.status === 403 || answer.status === 401) throw data('Your role does not allow this page.', { status: 403 });
  return {
    cards: answer.status === 200 ? (answer.body as z.infer<typeof PartnerCardsList>).items : [],
    siteId,
    error: answer.status === 200 ? null : (answer.body as { message: string }).message,
  };
}

/** The image goes as multipart, like a member's photo; the server re-encodes it. */
async function uploadImage(cardId: number, file: File): Promise<AdminPartnerCard> {
  const body = new FormData();
  body.append('image', file);
  const response = await fetch(`/api/admin/partner-cards/${cardId}/image`, {
    method: 'POST',
    body,
    credentials: 'same-origin',
  });
  const payload = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, payload ?? { error: 'internal_error', message: response.statusText });
  return payload as AdminPartnerCard;
}

/** `/admin/partner-cards` — the partner offers reselling sites show among search results (issue 18). */
export default function PartnerCardsPage() {
  const { t } = useTranslation();
  const { cards, siteId, error } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<number | null>(null);
  const [formKey, setFormKey] = useState(0);
  const create = useApiAction((values: PartnerCardValues) =>
    api<AdminPartnerCard>('/api/admin/partner-cards', {
      method: 'POST',
      body: values,
      retries: 0,
    }),
  );
  const save = useApiAction((id: number, values: Partial<PartnerCardValues>) =>
    api<AdminPartnerCard>(`/api/admin/partner-cards/${id}`, {
      method: 'PATCH',
      body: values,
      retries: 0,
    }),
  );
  const upload = useApiAction(uploadImage);

  // An open edit form shows its own refusal; the rest (loading, image, (de)activating) shows here.
  const editedCard = cards.find((card) => card.id === editing) ?? null;
  const pageError = error ?? upload.error?.message ?? (editing === null ? save.error?.message : undefined);
  const afterChange = async (done: unknown) => {
    if (done) await revalidator.revalidate();
    return !!done;
  };
  const chooseImage = async (cardId: number, event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) await afterChange(await upload.run(cardId, file));
  };

  return (
    <>
      <h1 className="h3">{t('partner_cards.title')}</h1>
      <p className="text-body-secondary">{t('partner_cards.intro')}</p>
      <Form method="get" className="d-flex flex-wrap align-items-end gap-2 mb-3">
        <div>
          <label className="form-label small mb-1" htmlFor="partner-site-filter">
            {t('partner_cards.site_filter')}
          </label>
          <input
            id="partner-site-filter"
            name="site_id"
            className="form-control form-control-sm"
            style={{ width: '8rem' }}
            inputMode="numeric"
            defaultValue={siteId}
            placeholder={t('partner_cards.all_sites')}
          />
        </div>
        <button type="submit" className="btn btn-sm btn-outline-secondary">
          {t('partner_cards.filter')}
        </button>
      </Form>
      {pageError && (
        <div className="alert alert-danger" role="alert">
          {pageError}
        </div>
      )}
      <TableScroll label={t('partner_cards.title')}>
        <table className="table table-sm align-middle" data-testid="partner-cards-table">
          <thead>
            <tr>
              <th scope="col">{t('partner_cards.image')}</th>
              <th scope="col">{t('partner_cards.name')}</th>
              <th scope="col">{t('partner_cards.kind')}</th>
              <th scope="col">{t('partner_cards.site')}</th>
              <th scope="col">{t('partner_cards.url')}</th>
              <th scope="col">{t('partner_cards.status')}</th>
              <th scope="col">{t('partner_cards.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {cards.map((card) => (
              <PartnerCardRow
                key={card.id}
                card={card}
                editing={editing === card.id}
                onEdit={() => setEditing(editing === card.id ? null : card.id)}
                onToggle={async () => afterChange(await save.run(card.id, { active: !card.active }))}
                onImage={(event) => void chooseImage(card.id, event)}
              />
            ))}
          </tbody>
        </table>
      </TableScroll>
      {cards.length === 0 && <p className="text-body-secondary">{t('partner_cards.none')}</p>}
      {editedCard && (
        // Below the table, not inside it: a form in a table row would scroll sideways on a phone.
        <section className="card mt-3" aria-labelledby="edit-partner-card" style={{ maxWidth: 720 }}>
          <div className="card-body">
            <h2 className="h5" id="edit-partner-card">
              {t('partner_cards.edit_title', { name: editedCard.name })}
            </h2>
            <PartnerCardForm
              key={`${editedCard.id}-${editedCard.name}-${editedCard.url}-${editedCard.active}`}
              initial={draftOf(editedCard)}
              submitLabel={t('partner_cards.save')}
              pending={save.pending}
              error={save.error}
              onSubmit={async (values) => {
                if (await afterChange(await save.run(editedCard.id, values))) setEditing(null);
              }}
            />
          </div>
        </section>
      )}

      <section className="card mt-4" aria-labelledby="new-partner-card" style={{ maxWidth: 720 }}>
        <div className="card-body">
          <h2 className="h5" id="new-partner-card">
            {t('partner_cards.create_title')}
          </h2>
          <PartnerCardForm
            key={formKey}
            initial={EMPTY_PARTNER_CARD}
            submitLabel={t('partner_cards.create')}
            pending={create.pending}
            error={create.error}
            onSubmit={async (values) => {
              if (await afterChange(await create.run(values))) setFormKey((key) => key + 1);
            }}
          />
        </div>
      </section>
    </>
  );
}

function PartnerCardRow({
  card,
  editing,
  onEdit,
  onToggle,
  onImage,
}: {
  card: AdminPartnerCard;
  editing: boolean;
  onEdit: () => void;
  onToggle: () => void;
  onImage: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const { t } = useTranslation();
  return (
    <tr data-testid="partner-card-row">
      <td>
        {card.image ? (
          <img src={card.image} alt="" width={48} height={48} className="rounded object-fit-cover" />
        ) : (
          <span className="text-body-secondary small">{t('partner_cards.no_image')}</span>
        )}
      </td>
      <td>
        {card.name}
        {card.age ? `, ${card.age}` : ''}
        <div className="small text-body-secondary">{card.city}</div>
      </td>
      <td>{t(`partner_cards.kinds.${card.kind}`)}</td>
      <td>{card.site_id ?? t('partner_cards.all_sites')}</td>
      <td className="text-break small" style={{ maxWidth: '18rem' }}>
        {card.url}
      </td>
      <td>{card.active ? t('partner_cards.shown') : t('partner_cards.deactivated')}</td>
      <td>
        <div className="d-flex flex-wrap gap-1">
          <button
            type="button"
            className="btn btn-sm btn-outline-primary"
            aria-expanded={editing}
            onClick={onEdit}
            aria-label={`${t('partner_cards.edit')} ${card.name}`}
          >
            {t('partner_cards.edit')}
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            onClick={onToggle}
            aria-label={`${card.active ? t('partner_cards.deactivate') : t('partner_cards.activate')} ${card.name}`}
          >
            {card.active ? t('partner_cards.deactivate') : t('partner_cards.activate')}
          </button>
          <label className="btn btn-sm btn-outline-secondary mb-0">
            {t('partner_cards.upload_image')}
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="visually-hidden"
              onChange={onImage}
              aria-label={`${t('partner_cards.upload_image')} ${card.name}`}
            />
          </label>
        </div>
      </td>
    </tr>
  );
}
