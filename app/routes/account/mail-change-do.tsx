import { useTranslation } from '../../lib/use-translation';
import { useLoaderData } from 'react-router';
import { Link } from '../../components/ui/links';
import type { Route } from './+types/mail-change-do';

/** Confirming happens when the link is opened: the link itself is the proof. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const token = url.searchParams.get('token') ?? '';
  return { errorCode: await context.confirmMailChange(token) };
}

/** `/mail-change/do?token=` — the page the confirmation mail for a new address links to. */
export default function MailChangeDo() {
  const { t } = useTranslation();
  const { errorCode } = useLoaderData<typeof loader>();
  return (
    <div className="container py-5 text-center" style={{ maxWidth: 560 }}>
      <h1 className="h3 mb-3">{t('mail_change.title')}</h1>
      <p role={errorCode ? 'alert' : 'status'}>{errorCode ? t(`errors.${errorCode}`) : t('mail_change.done')}</p>
      <Link className="btn btn-primary" to="/notifications">
        {t('mail_change.to_settings')}
      </Link>
    </div>
  );
}
