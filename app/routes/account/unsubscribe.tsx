import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useLoaderData } from 'react-router';
import { Link } from '../../components/ui/links';
import { api } from '../../lib/api-client';
import { useApiAction } from '../../lib/use-api-action';
import type { Route } from './+types/unsubscribe';

/** Opening the page only reads the link: mail scanners open links, and nothing may change then. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const token = url.searchParams.get('token') ?? '';
  return { token, link: await context.describeUnsubscribe(token) };
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: matches[0]?.data?.settings.name ?? '' }, { name: 'robots', content: 'noindex' }];
}

/**
 * `/unsubscribe?token=` — the visible unsubscribe link of a notification mail: says which kind
 * the link switches off, and does it when the member presses the button.
 */
export default function Unsubscribe() {
  const { t } = useTranslation();
  const { token, link } = useLoaderData<typeof loader>();
  const [done, setDone] = useState(false);
  const confirm = useApiAction(() => api<{ ok: true; kind: string }>(`/api/unsubscribe.php?token=${encodeURIComponent(token)}`, { method: 'POST', body: {} }));

  if (!link.ok) {
    return (
      <div className="container py-5 text-center" style={{ maxWidth: 560 }}>
        <h1 className="h3 mb-3">{t('unsubscribe.title')}</h1>
        <p role="alert">{t('unsubscribe.invalid')}</p>
        <Link className="btn btn-primary" to="/notifications">
          {t('unsubscribe.to_settings')}
        </Link>
      </div>
    );
  }
  const kind = t(`settings.notification_types.${link.kind}`);
  const isOff = done || link.isOff;
  return (
    <div className="container py-5 text-center" style={{ maxWidth: 560 }}>
      <h1 className="h3 mb-3">{t('unsubscribe.title')}</h1>
      {isOff ? (
        <p role="status" data-testid="unsubscribe-outcome">
          {t(done ? 'unsubscribe.done' : 'unsubscribe.already_off', { kind })}
        </p>
      ) : (
        <>
          <p>{t('unsubscribe.will_switch_off', { kind })}</p>
          {confirm.error && (
            <p className="text-danger" role="alert">
              {confirm.error.message}
            </p>
          )}
          <button type="button" className="btn btn-primary mb-3" disabled={confirm.pending} onClick={async () => setDone((await confirm.run()) !== undefined)}>
            {t('unsubscribe.confirm')}
          </button>
        </>
      )}
      <p className="text-body-secondary small">{t('unsubscribe.hint')}</p>
      <Link to="/notifications">{t('unsubscribe.to_settings')}</Link>
    </div>
  );
}
