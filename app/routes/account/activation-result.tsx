import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useLocation, useSearchParams } from 'react-router';
import { Link } from '../../components/ui/links';
import { ResendActivation } from '../../components/account/ResendActivation';
import { useRootData } from '../../root';

/**
 * `/activate/done` and `/activate/error` — where the activation and restore links land. A link
 * that no longer works often means the step is done already (clicked twice, or the account was
 * restored from the log-in): a signed-in member is told where they stand, not asked to log in.
 */
export default function ActivationResult() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const { user } = useRootData();
  const isReactivation = params.get('reason') === 'reactivation';
  if (pathname === '/activate/done')
    return <Outcome title={t('activation.done_title')} text={t('activation.done_text')} to="/members" action={t('activation.to_members')} />;
  if (user && isReactivation) return <Outcome title={t('activation.already_restored')} to="/members" action={t('activation.to_members')} />;
  if (user?.status === 'active')
    return (
      <Outcome title={t('activation.already_confirmed')} text={t('activation.already_confirmed_text')} to="/members" action={t('activation.to_members')} />
    );
  if (user) {
    return (
      <Outcome title={t('errors.activation_failed')} text={t('activation.error_text_member', { email: user.email })}>
        <ResendActivation className="btn btn-primary" />
      </Outcome>
    );
  }
  return (
    <Outcome
      title={t(isReactivation ? 'errors.link_invalid' : 'errors.activation_failed')}
      text={t('activation.error_text')}
      to="/login"
      action={t('nav.login')}
    />
  );
}

function Outcome({ title, text, to, action, children }: { title: string; text?: string; to?: string; action?: string; children?: ReactNode }) {
  return (
    <div className="container py-5 text-center" style={{ maxWidth: 560 }}>
      <h1 className="h3 mb-3">{title}</h1>
      {text && <p>{text}</p>}
      {to && (
        <Link className="btn btn-primary" to={to}>
          {action}
        </Link>
      )}
      {children}
    </div>
  );
}
