import { useTranslation } from '../../lib/use-translation';
import { Link } from '../ui/links';
import { useRootData } from '../../root';
import { Disclaimer } from './Disclaimer';
import { FOOTER_LINKS } from './footer-links';
import { UsFooter } from './UsFooter';

/**
 * Footer links, the company line and the legal disclaimer. `compact` is the layout for
 * members inside the site and for the installed app: links only, centred.
 */
export function Footer({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const { settings, company } = useRootData();
  const year = new Date().getUTCFullYear();
  return (
    <footer className={`app-footer mt-auto border-top ${compact ? 'app-footer--compact py-3' : 'py-4'}`}>
      <div className="container">
        <nav aria-label={t('footer.label')}>
          <ul className="app-footer__links list-unstyled d-flex flex-wrap gap-3 mb-3">
            {FOOTER_LINKS.map((link) => (
              <li key={link.key}>
                <Link to={link.to}>{t(`footer.links.${link.key}`)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        {!compact && (
          <>
            <Disclaimer />
            <p className="text-body-secondary mb-0">
              © {year} {company.name || settings.name}
              {company.city ? `, ${company.city}` : ''}
            </p>
          </>
        )}
        {i18n.language === 'en' && settings.show_us_footer && <UsFooter />}
      </div>
    </footer>
  );
}
