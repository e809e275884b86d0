import { useTranslation } from '../../lib/use-translation';
import { useRootData } from '../../root';
import { usePush } from '../../state/push';

/**
 * The spec §4 push state of this browser in words, with the one thing the member can do
 * about it: switch on, switch off, or (blocked) how to allow it again.
 */
export function PushControl() {
  const { t } = useTranslation();
  const { settings, user } = useRootData();
  const { state, pending, failed, subscribe, unsubscribe } = usePush();
  const canSubscribe = !!settings.push_public_key && !!user;
  return (
    <div className="mb-3 p-3 rounded bg-light" data-testid="push-state" data-state={state ?? 'checking'}>
      {state === null && <p className="text-body-secondary mb-0">{t('push.state_checking')}</p>}
      {state === 'not_capable' && (
        <>
          <p className="mb-1">{t('push.state_not_capable')}</p>
          <p className="small text-body-secondary mb-0">{t('push.not_capable_hint')}</p>
        </>
      )}
      {state === 'denied' && (
        <>
          <p className="mb-1">{t('push.state_denied')}</p>
          <p className="small text-body-secondary mb-0">{t('push.denied_hint')}</p>
        </>
      )}
      {state === 'not_subscribed' && (
        <div className="d-flex flex-wrap align-items-center gap-2">
          <p className="mb-0 me-auto">{t('push.state_not_subscribed')}</p>
          {canSubscribe && (
            <button type="button" className="btn btn-primary btn-sm" disabled={pending} onClick={() => void subscribe(user.id, settings.push_public_key)}>
              {t('push.subscribe')}
            </button>
          )}
        </div>
      )}
      {state === 'subscribed' && (
        <div className="d-flex flex-wrap align-items-center gap-2">
          <p className="mb-0 me-auto">
            <span aria-hidden="true" className="text-success">
              ●{' '}
            </span>
            {t('push.state_subscribed')}
          </p>
          <button type="button" className="btn btn-outline-secondary btn-sm" disabled={pending} onClick={() => void unsubscribe()}>
            {t('push.unsubscribe')}
          </button>
        </div>
      )}
      <div role="alert">{failed && <p className="alert alert-danger mt-2 mb-0">{t('push.failed')}</p>}</div>
    </div>
  );
}
