import { useTranslation } from '../../lib/use-translation';
import { Link } from '../../components/ui/links';

/** `/account-deleted` — after deletion: what happens now and how to come back. */
export default function AccountDeleted() {
  const { t } = useTranslation();
  return (
    <div className="container py-5 text-center" style={{ maxWidth: 560 }}>
      <h1 className="h3 mb-3">{t('deletion.deleted_title')}</h1>
      <p>{t('deletion.deleted_text', { days: 14 })}</p>
      <Link to="/">{t('error_page.home')}</Link>
    </div>
  );
}
