import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { data, useLoaderData, useRevalidator } from 'react-router';
import type { z } from 'zod';
import { TEXT_REMOVAL_REASONS, type FlaggedText, type TextQueuePage } from '../../../contract/admin/moderation';
import { BulkDecisionBar } from '../../components/admin/BulkDecisionBar';
import { useBulkDecision } from '../../components/admin/use-bulk-decision';
import { FormAlert } from '../../components/ui/FormAlert';
import { api } from '../../lib/api-client';
import { useApiAction } from '../../lib/use-api-action';
import type { Route } from './+types/texts';

type Reason = (typeof TEXT_REMOVAL_REASONS)[number];

export async function loader({ context }: Route.LoaderArgs) {
  if (!context.staff) return { page: null };
  const answer = await context.adminGet<z.infer<typeof TextQueuePage>>('/api/admin/profile-texts?page_size=25');
  if (answer.status !== 200) throw data('Your role does not allow this page.', { status: 403 });
  return { page: answer.body };
}

/** One flagged text: read it (as text, never as HTML), keep it or remove it with a reason. */
function FlaggedTextCard({ item, ticked, onTick, onDone }: { item: FlaggedText; ticked: boolean; onTick: () => void; onDone: (message: string) => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState<Reason>('contact_details');
  const decide = useApiAction((body: { decision: 'keep' } | { decision: 'remove'; reason: Reason }) =>
    api(`/api/admin/profile-texts/${item.id}/decision`, { method: 'POST', body, retries: 0 }),
  );
  const run = async (body: { decision: 'keep' } | { decision: 'remove'; reason: Reason }) => {
    if ((await decide.run(body)) !== undefined) onDone(t(body.decision === 'keep' ? 'texts.kept' : 'texts.removed', { name: item.member_name }));
  };
  return (
    <li className="card mb-3" data-testid="flagged-text">
      <div className="card-body">
        <div className="form-check">
          <input className="form-check-input" type="checkbox" id={`tick-text-${item.id}`} checked={ticked} onChange={onTick} />
          <label className="form-check-label visually-hidden" htmlFor={`tick-text-${item.id}`}>
            {t('texts.tick', { name: item.member_name })}
          </label>
        </div>
        <h2 className="h6">{t('texts.member', { name: item.member_name, id: item.member_id, site: item.site_name })}</h2>
        {item.report_reason && (
          <p className="small text-body-secondary mb-2">{t('texts.reported_for', { reason: t(`reports.reasons.${item.report_reason}`) })}</p>
        )}
        {item.held && (
          <p className="small text-warning-emphasis mb-2" data-testid="held-text">
            {t('texts.held', { signals: item.signals.map((signal) => t(`safety.categories.${signal}`)).join(', ') })}
          </p>
        )}
        <blockquote className="border-start border-3 ps-3 mb-3" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {item.about}
        </blockquote>
        {decide.error && <p className="alert alert-danger">{decide.error.message}</p>}
        <div className="d-flex flex-wrap gap-2 align-items-end">
          <button type="button" className="btn btn-sm btn-success" disabled={decide.pending} onClick={() => void run({ decision: 'keep' })}>
            {t('texts.keep')}
          </button>
          <label className="small">
            <span className="d-block">{t('texts.reason')}</span>
            <select className="form-select form-select-sm" value={reason} onChange={(event) => setReason(event.target.value as Reason)}>
              {TEXT_REMOVAL_REASONS.map((option) => (
                <option key={option} value={option}>
                  {t(`moderation.text_reasons.${option}`)}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="btn btn-sm btn-outline-danger" disabled={decide.pending} onClick={() => void run({ decision: 'remove', reason })}>
            {t('texts.remove')}
          </button>
        </div>
      </div>
    </li>
  );
}

/** `/admin/texts` — profile texts of reported members, oldest first. */
export default function TextQueue() {
  const { t } = useTranslation();
  const { page } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const [done, setDone] = useState<string | null>(null);
  const items = page?.items ?? [];
  // Ticked texts take one decision together (issue 32); the queue is read again afterwards.
  const bulk = useBulkDecision('/api/admin/profile-texts/bulk-decision', () => void revalidator.revalidate());
  return (
    <>
      <h1 className="h3">{t('texts.title')}</h1>
      <p className="text-body-secondary">{t('texts.intro')}</p>
      {items.length > 0 && (
        <BulkDecisionBar
          count={bulk.ticked.length}
          positiveLabel={t('texts.bulk_keep')}
          negativeLabel={t('texts.bulk_remove')}
          reasons={TEXT_REMOVAL_REASONS.map((reason) => ({ value: reason, label: t(`moderation.text_reasons.${reason}`) }))}
          pending={bulk.pending}
          onDecide={(keep, reason) => void bulk.decide(keep ? { decision: 'keep' } : { decision: 'remove', reason })}
        />
      )}
      <FormAlert error={bulk.error} />
      <div aria-live="polite" className="small">
        {bulk.message && <p className="text-success">{bulk.message}</p>}
        {done && <p className="text-success">{done}</p>}
      </div>
      {items.length === 0 ? (
        <p>{t('texts.empty')}</p>
      ) : (
        <ul className="list-unstyled">
          {items.map((item) => (
            <FlaggedTextCard
              key={item.id}
              item={item}
              ticked={bulk.ticked.includes(item.id)}
              onTick={() => bulk.toggle(item.id)}
              onDone={(message) => {
                setDone(message);
                void revalidator.revalidate();
              }}
            />
          ))}
        </ul>
      )}
    </>
  );
}
