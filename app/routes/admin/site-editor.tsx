import { useMemo, useState, type CSSProperties, type FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { data, useLoaderData } from 'react-router';
import { Link } from '../../components/ui/links';
import { COUNTRY_CODES } from '../../../contract/countries';
import { SUPPORTED_LANGUAGES, type Language } from '../../../contract/locales';
import { PAYMENT_METHOD_NAMES, PAYMENT_METHODS } from '../../../contract/payment-methods';
import { INTERESTS } from '../../../contract/profile-options';
import { PROFILE_DETAIL_FIELDS, type AdminBundle, type AdminSite, type SiteSettingsFields } from '../../../contract/admin/sites';
import { BundlesEditor } from '../../components/admin/site-editor/BundlesEditor';
import { MinimumCostsSetting, PaymentMethodsByCountrySetting, RegionWordsSetting } from '../../components/admin/site-editor/CountrySettings';
import { MailDnsPanel } from '../../components/admin/site-editor/MailDnsPanel';
import { PagesEditor } from '../../components/admin/site-editor/PagesEditor';
import { ThemeEditor } from '../../components/admin/site-editor/ThemeEditor';
import {
  ChecksSetting,
  ChoiceSetting,
  LinesSetting,
  NumberSetting,
  SettingsGroup,
  SiteDraft,
  SwitchSetting,
  TextSetting,
  useSiteDraft,
} from '../../components/admin/site-editor/SiteFields';
import { FormAlert } from '../../components/ui/FormAlert';
import { api } from '../../lib/api-client';
import { useApiAction } from '../../lib/use-api-action';
import { useConsoleStaff } from './layout';
import type { Route } from './+types/site-editor';

export async function loader({ params, context }: Route.LoaderArgs) {
  // Not signed in: the console layout shows its sign-in instead of this page.
  if (!context.staff) return { site: null, bundles: [] as AdminBundle[] };
  const site = await context.adminGet<AdminSite>(`/api/admin/sites/${encodeURIComponent(params.id)}`);
  if (site.status === 401 || site.status === 403) throw data('Your role does not allow this page.', { status: 403 });
  if (site.status !== 200) throw data('This page could not be found', { status: 404 });
  const bundles = await context.adminGet<{ bundles: AdminBundle[] }>(`/api/admin/sites/${site.body.id}/bundles`);
  return { site: site.body, bundles: bundles.status === 200 ? bundles.body.bundles : [] };
}

export function meta({ data: loaded }: Route.MetaArgs) {
  return loaded?.site ? [{ title: `${loaded.site.name} | Console` }] : [];
}

const TABS = ['general', 'members', 'credits', 'texts', 'company', 'payments', 'bundles', 'pages', 'look', 'mail'] as const;
type Tab = (typeof TABS)[number];

/** The settings that differ between what was loaded and the draft: only those are sent. */
function changesOf(saved: AdminSite, draft: AdminSite): Partial<SiteSettingsFields> {
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(draft) as (keyof AdminSite)[]) {
    if (['id', 'version', 'status', 'created_at', 'updated_at', 'url'].includes(key)) continue;
    if (JSON.stringify(draft[key]) !== JSON.stringify(saved[key])) changes[key] = draft[key];
  }
  return changes as Partial<SiteSettingsFields>;
}

/** `/admin/sites/{id}` — one site's settings in tabs, its bundles and pages; saved with the version read. */
export default function SiteEditorPage() {
  const { site, bundles } = useLoaderData<typeof loader>();
  if (!site) return null;
  return <SiteEditor key={site.id} initial={site} bundles={bundles} />;
}

function SiteEditor({ initial, bundles }: { initial: AdminSite; bundles: AdminBundle[] }) {
  const { t } = useTranslation();
  const staff = useConsoleStaff();
  const canWrite = staff?.role === 'owner' || staff?.role === 'admin';
  const [saved, setSaved] = useState(initial);
  const [draft, setDraft] = useState(initial);
  const [tab, setTab] = useState<Tab>('general');
  const [notice, setNotice] = useState<string | null>(null);
  const changes = useMemo(() => changesOf(saved, draft), [saved, draft]);
  const dirty = Object.keys(changes).length > 0;

  const save = useApiAction((body: Record<string, unknown>) =>
    api<AdminSite>(`/api/admin/sites/${saved.id}`, { method: 'PATCH', body: { version: saved.version, ...body }, retries: 0 }),
  );
  const apply = async (body: Record<string, unknown>, message: string) => {
    setNotice(null);
    const answer = await save.run(body);
    if (!answer) return;
    setSaved(answer);
    // Disabling or enabling keeps what the operator is still typing in the other settings.
    setDraft((current) => ('status' in body ? { ...answer, ...changesOf(saved, current) } : answer));
    setNotice(message);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await apply(changes, t('editor.saved'));
  };
  const toggleStatus = () => {
    const status = saved.status === 'active' ? 'disabled' : 'active';
    if (status === 'disabled' && !window.confirm(t('editor.confirm_disable', { name: saved.name }))) return;
    void apply({ status }, t(status === 'disabled' ? 'editor.disabled_notice' : 'editor.enabled_notice'));
  };

  const context = useMemo(
    () => ({
      draft,
      set: <K extends keyof AdminSite>(key: K, value: AdminSite[K]) => setDraft((current) => ({ ...current, [key]: value })),
      error: save.error,
    }),
    [draft, save.error],
  );

  return (
    <SiteDraft.Provider value={context}>
      <nav aria-label={t('editor.breadcrumb')} className="small mb-2">
        <Link to="/admin/sites">{t('sites.title')}</Link> / {saved.name}
      </nav>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 text-break">
          {saved.name}{' '}
          <span className={`badge align-middle fs-6 ${saved.status === 'active' ? 'text-bg-success' : 'text-bg-secondary'}`} data-testid="site-status">
            {t(`sites.statuses.${saved.status}`)}
          </span>
        </h1>
        <div className="d-flex flex-wrap gap-2">
          <a className="btn btn-sm btn-outline-secondary" href={saved.url} target="_blank" rel="noopener noreferrer">
            {t('editor.preview')}
          </a>
          {canWrite && (
            <button
              type="button"
              className={`btn btn-sm ${saved.status === 'active' ? 'btn-outline-danger' : 'btn-outline-success'}`}
              onClick={toggleStatus}
              disabled={save.pending}
            >
              {saved.status === 'active' ? t('editor.disable') : t('editor.enable')}
            </button>
          )}
        </div>
      </div>
      {saved.status === 'disabled' && <div className="alert alert-warning">{t('editor.disabled_explained')}</div>}
      <ul
        className="nav nav-pills flex-wrap gap-1 mb-3"
        role="tablist"
        aria-label={t('editor.sections')}
        style={{ '--bs-nav-pills-link-active-bg': 'var(--bs-secondary)' } as CSSProperties}
      >
        {TABS.map((name) => (
          <li className="nav-item" role="presentation" key={name}>
            <button
              type="button"
              role="tab"
              id={`tab-${name}`}
              aria-controls={`panel-${name}`}
              aria-selected={tab === name}
              className={`nav-link py-1 px-2 ${tab === name ? 'active' : ''}`}
              onClick={() => setTab(name)}
            >
              {name === 'look' ? t('themes.tab') : t(`editor.tabs.${name}`)}
            </button>
          </li>
        ))}
      </ul>

      {tab === 'look' ? (
        <ThemeEditor
          siteId={saved.id}
          siteUrl={saved.url}
          canWrite={canWrite}
          onVersion={(version) => {
            // A theme save bumps the site's version: the other tabs save from the new one.
            setSaved((current) => ({ ...current, version }));
            setDraft((current) => ({ ...current, version }));
          }}
        />
      ) : tab === 'mail' ? (
        <div role="tabpanel" id="panel-mail" aria-labelledby="tab-mail">
          <MailDnsPanel siteId={saved.id} />
        </div>
      ) : tab === 'bundles' ? (
        <div role="tabpanel" id="panel-bundles" aria-labelledby="tab-bundles">
          <BundlesEditor siteId={saved.id} initial={bundles} />
        </div>
      ) : (
        <form onSubmit={submit} noValidate role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
          <Section tab={tab} saved={saved} />
          <div className="admin-save-bar d-flex flex-wrap align-items-center gap-3 py-2 bg-body border-top">
            {canWrite && (
              <button type="submit" className="btn btn-primary" disabled={!dirty || save.pending}>
                {t('editor.save')}
              </button>
            )}
            {dirty && <span className="small text-body-secondary">{t('editor.unsaved', { count: Object.keys(changes).length })}</span>}
            {notice && !save.error && (
              <span role="status" className="small text-success-emphasis">
                {notice}
              </span>
            )}
          </div>
          <div aria-live="polite">
            {save.error && (
              <>
                <FormAlert error={save.error} />
                {save.error.code === 'version_conflict' && (
                  <button type="button" className="btn btn-sm btn-outline-secondary mb-3" onClick={() => window.location.reload()}>
                    {t('editor.reload')}
                  </button>
                )}
              </>
            )}
          </div>
        </form>
      )}
    </SiteDraft.Provider>
  );
}

function Section({ tab, saved }: { tab: Exclude<Tab, 'bundles' | 'look' | 'mail'>; saved: AdminSite }) {
  const { t } = useTranslation();
  switch (tab) {
    case 'general':
      return (
        <>
          <SettingsGroup title={t('editor.tabs.general')}>
            <TextSetting name="name" />
            <TextSetting name="domain" />
            <LinesSetting name="domain_aliases" />
            <TextSetting name="domain_language" />
            <TextSetting name="cdn_prefix" />
            <ChoiceSetting name="niche" options={[1, 2, 3, 4, 5, 6, 7]} />
          </SettingsGroup>
          <SettingsGroup title={t('editor.groups.analytics')}>
            <TextSetting name="tag_manager_id" />
            <TextSetting name="clarity_id" />
          </SettingsGroup>
        </>
      );
    case 'members':
      return (
        <>
          <SettingsGroup title={t('editor.groups.access')}>
            <ChoiceSetting name="signups" options={['all', 'with_trafficsource']} />
            <TextSetting name="logged_out_search" />
            <TextSetting name="logged_out_search_trafficsource" />
            <ChoiceSetting name="enable_site_entry_popup" options={['yes', 'no']} />
            <ChecksSetting name="site_entry_popup_countries" options={COUNTRY_CODES} />
          </SettingsGroup>
          <SettingsGroup title={t('editor.groups.countries')}>
            <ChecksSetting name="countries" options={COUNTRY_CODES} />
            <RegionWordsSetting />
          </SettingsGroup>
          <SettingsGroup title={t('editor.groups.profiles')}>
            <ChecksSetting name="visible_profile_fields" options={PROFILE_DETAIL_FIELDS} labelOf={(field) => t(`sites.profile_fields.${field}`)} />
            <ChecksSetting name="interests" options={INTERESTS} />
            <NumberSetting name="message_length" min={20} max={10000} />
            <SwitchSetting name="photo_auto_approve" />
            <SwitchSetting name="member_resell" />
            <SwitchSetting name="show_us_footer" />
          </SettingsGroup>
        </>
      );
    case 'credits':
      return (
        <>
          <SettingsGroup title={t('editor.groups.credits')}>
            <div className="row">
              {(['message_credits', 'photo_credits', 'gift_credits', 'signup_credits'] as const).map((name) => (
                <div className="col-6 col-md-3" key={name}>
                  <NumberSetting name={name} min={0} />
                </div>
              ))}
            </div>
            <MinimumCostsSetting />
          </SettingsGroup>
          <SettingsGroup title={t('editor.groups.refunds')}>
            <div className="row">
              <div className="col-6 col-md-3">
                <NumberSetting name="refund_days" min={0} max={365} />
              </div>
              <div className="col-6 col-md-3">
                <NumberSetting name="delete_discount" min={0} max={100} />
              </div>
            </div>
          </SettingsGroup>
        </>
      );
    case 'texts':
      return <TextsSection saved={saved} />;
    case 'company':
      return (
        <>
          <SettingsGroup title={t('editor.groups.support')}>
            <TextSetting name="support_phone" type="tel" />
            <TextSetting name="support_email" type="email" />
            <TextSetting name="mail_name" />
          </SettingsGroup>
          <SettingsGroup title={t('editor.groups.company')}>
            <TextSetting name="company_name" />
            <TextSetting name="company_address" />
            <TextSetting name="company_city" />
            <TextSetting name="company_country" />
            <TextSetting name="company_kvk" />
            <LinesSetting name="company_tradenames" />
            <LinesSetting name="company_vat_numbers" />
          </SettingsGroup>
        </>
      );
    case 'payments':
      return (
        <>
          <SettingsGroup title={t('editor.groups.payment_site')}>
            <ChecksSetting
              name="payment_methods"
              options={PAYMENT_METHODS}
              labelOf={(method) => PAYMENT_METHOD_NAMES[method as keyof typeof PAYMENT_METHOD_NAMES]}
            />
          </SettingsGroup>
          <SettingsGroup title={t('editor.groups.payment_country')}>
            <p className="form-text mt-0">{t('sites.hints.payment_methods_by_country')}</p>
            <PaymentMethodsByCountrySetting />
          </SettingsGroup>
        </>
      );
    case 'pages':
      return <PagesEditor savedPages={saved.custom_pages} siteUrl={saved.url} />;
  }
}

const LANGUAGE_TEXTS = ['index_title', 'description', 'fictional_warning', 'fictional_singular', 'fictional_plural'] as const;

/** The texts members read: in the site's own language (the plain settings), or in another page language (ADR 0023). */
function TextsSection({ saved }: { saved: AdminSite }) {
  const { t } = useTranslation();
  const [language, setLanguage] = useState<Language | ''>('');
  return (
    <SettingsGroup title={t('editor.tabs.texts')}>
      <div className="mb-3" style={{ maxWidth: 320 }}>
        <label className="form-label" htmlFor="texts-language">
          {t('editor.texts_language')}
        </label>
        <select id="texts-language" className="form-select" value={language} onChange={(event) => setLanguage(event.target.value as Language | '')}>
          <option value="">{t('editor.site_language', { language: saved.domain_language })}</option>
          {SUPPORTED_LANGUAGES.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
        <div className="form-text">{t('editor.texts_language_hint')}</div>
      </div>
      {language === '' ? (
        <>
          <TextSetting name="index_title" />
          <TextSetting name="description" multiline />
          <TextSetting name="fictional_warning" multiline />
          <TextSetting name="fictional_singular" />
          <TextSetting name="fictional_plural" />
          <TextSetting name="fictional_icon" />
        </>
      ) : (
        <TranslatedTexts language={language} />
      )}
    </SettingsGroup>
  );
}

function TranslatedTexts({ language }: { language: Language }) {
  const { t } = useTranslation();
  const { draft, set } = useSiteDraft();
  const texts = draft.localized_texts[language] ?? {};
  const change = (key: (typeof LANGUAGE_TEXTS)[number], value: string) => {
    const next = { ...texts, [key]: value };
    if (!value) delete next[key];
    set('localized_texts', { ...draft.localized_texts, [language]: next });
  };
  return (
    <>
      {LANGUAGE_TEXTS.map((key) => {
        const id = `text-${language}-${key}`;
        const long = key === 'description' || key === 'fictional_warning';
        return (
          <div className="mb-3" key={key}>
            <label className="form-label" htmlFor={id}>
              {t(`sites.fields.${key}`)} ({language})
            </label>
            {long ? (
              <textarea id={id} className="form-control" rows={3} value={texts[key] ?? ''} onChange={(event) => change(key, event.target.value)} />
            ) : (
              <input id={id} className="form-control" value={texts[key] ?? ''} onChange={(event) => change(key, event.target.value)} />
            )}
          </div>
        );
      })}
    </>
  );
}
