import { useTranslation } from '../../lib/use-translation';
import { data, useLoaderData, useNavigate, useRevalidator } from 'react-router';
import type { SafetyRulesList, SiteSafetySettings } from '../../../contract/admin/safety';
import { hasPermission } from '../../../contract/admin/roles';
import { SafetyRuleForm } from '../../components/admin/safety/SafetyRuleForm';
import { SafetyRuleTable } from '../../components/admin/safety/SafetyRuleTable';
import { SiteSafetyForm } from '../../components/admin/safety/SiteSafetyForm';
import type { Route } from './+types/safety-rules';

export async function loader({ context, url }: Route.LoaderArgs) {
  if (!context.staff) return null;
  const siteParam = Number(url.searchParams.get('site'));
  const siteId = Number.isInteger(siteParam) && siteParam > 0 ? siteParam : null;
  const rules = await context.adminGet<SafetyRulesList>(`/api/admin/safety-rules${siteId ? `?site_id=${siteId}` : ''}`);
  if (rules.status === 403) throw data('Your role does not allow this page.', { status: 403 });
  if (rules.status !== 200) throw data('This site was not found.', { status: 404 });
  // Each site's choices only for those who may read sites; the sites offered are those the staff member works on (ADR 0060).
  const settings =
    siteId && hasPermission(context.staff.role, 'sites.read') ? await context.adminGet<SiteSafetySettings>(`/api/admin/sites/${siteId}/safety`) : null;
  return {
    siteId,
    entries: rules.body.entries,
    sites: rules.body.sites,
    settings: settings?.status === 200 ? settings.body : null,
    canEditSettings: hasPermission(context.staff.role, 'sites.write'),
  };
}

/**
 * `/admin/safety-rules` — the safety signals' word and pattern lists (issue 32): the entries for
 * every site, or with a site chosen, those that apply there and that site's choices.
 */
export default function SafetyRules() {
  const { t } = useTranslation();
  const page = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  if (!page) return null;
  const refresh = () => void revalidator.revalidate();
  return (
    <>
      <h1 className="h3">{t('safety.title')}</h1>
      <p className="text-body-secondary">{t('safety.intro')}</p>
      {page.sites.length > 0 && (
        <div className="mb-3" style={{ maxWidth: 360 }}>
          <label className="form-label" htmlFor="safety-site">
            {t('safety.site')}
          </label>
          <select
            id="safety-site"
            className="form-select"
            value={page.siteId ?? ''}
            onChange={(event) => void navigate(event.target.value ? `?site=${event.target.value}` : '?')}
          >
            <option value="">{t('safety.every_site')}</option>
            {page.sites.map((site) => (
              <option key={site.id} value={site.id}>
                {site.name}
              </option>
            ))}
          </select>
        </div>
      )}
      {page.siteId && page.settings && <SiteSafetyForm siteId={page.siteId} settings={page.settings} editable={page.canEditSettings} onSaved={refresh} />}
      <SafetyRuleForm siteId={page.siteId} onAdded={refresh} />
      <SafetyRuleTable entries={page.entries} sites={page.sites} onRemoved={refresh} />
    </>
  );
}
