import { useTranslation } from '../../lib/use-translation';
import { Link } from '../../components/ui/links';
import { hasPermission } from '../../../contract/admin/roles';
import { CONSOLE_SECTIONS } from '../../components/admin/console-sections';
import { useConsoleStaff } from './layout';

/** `/admin` — who is signed in, what their role allows, and the sections to open. */
export default function ConsoleHome() {
  const { t } = useTranslation();
  const staff = useConsoleStaff();
  if (!staff) return null;
  const sections = CONSOLE_SECTIONS.filter((section) => section.path !== '/admin' && (!section.permission || hasPermission(staff.role, section.permission)));
  return (
    <>
      <h1 className="h3">{t('home.title', { name: staff.name || staff.email })}</h1>
      <p>{t('home.role', { role: t(`roles.${staff.role}`), description: t(`role_descriptions.${staff.role}`) })}</p>
      <p className={staff.recovery_codes_left < 3 ? 'alert alert-warning' : 'text-body-secondary small'}>
        {staff.recovery_codes_left < 3
          ? t('home.few_codes', { count: staff.recovery_codes_left })
          : t('home.second_factor', { count: staff.recovery_codes_left })}
      </p>
      {sections.length > 0 && (
        <section aria-labelledby="sections-heading">
          <h2 className="h5" id="sections-heading">
            {t('home.sections')}
          </h2>
          <ul className="list-unstyled d-flex flex-wrap gap-2">
            {sections.map((section) => (
              <li key={section.path}>
                <Link className="btn btn-outline-secondary" to={section.path}>
                  {t(section.label)}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
