import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';

/** `/activate/done` and `/activate/error` — where the activation and restore links land. */
export default function ActivationResult() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const succeeded = pathname === '/activate/done';
  const isReactivation = params.get('reason') === 'reactivation';
  return (
    <div className="container py-5 text-center" style={{ maxWidth: 560 }}>
      <h1 className="h3 mb-3">{succeeded ? t('activation.done_title') : t(isReactivation ? 'errors.link_invalid' : 'errors.activation_failed')}</h1>
      <p>{succeeded ? t('activation.done_text') : t('activation.error_text')}</p>
      <Link className="btn btn-primary" to={succeeded ? '/members' : '/login'}>
        {succeeded ? t('activation.to_members') : t('nav.login')}
      </Link>
    </div>
  );
}
