import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isCountryCode, type CountryCode } from '../../../contract/countries';
import { ErrorBody } from '../../../contract/errors';
import { isSupportedLanguage } from '../../../contract/locales';
import { sharedSettingsFileOf } from '../../../contract/page-settings';
import { CompanyInfo, InterestList, RegionList, RegionsQuery, SettingsQuery, SiteSettings } from '../../../contract/site';
import type { GeoService } from '../../adapters/geo/geo.port';
import { listSiteInterests } from '../../domain/sites/interests';
import { normalizeHost } from '../../domain/sites/site-facts';
import { regionWordOf, type SitesService } from '../../domain/sites/sites.service';
import type { Translator } from '../../i18n/translator';

/** Addressed by content hash: a change gets a new address, so browsers and CDNs may keep these for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** An old address (a page cached before an edit) gets today's settings, re-checked on every use. */
const STALE = 'public, max-age=0, must-revalidate';
const SettingsFileParams = z.object({ file: z.string().regex(/^[a-z]{2}\.[0-9a-f]{16}\.json$/) });

const ServedCountryQuery = RegionsQuery.extend({
  country: RegionsQuery.shape.country.refine(isCountryCode, 'is not a country this platform serves'),
});

/** Site-wide reference data: settings, company, interests, regions (spec §7). */
export const siteRoutes: FastifyPluginAsyncZod<{ sites: SitesService; geo: GeoService; translator: Translator }> = async (app, { sites, geo, translator }) => {
  app.get(
    '/api/settings.php',
    { schema: { tags: ['site'], querystring: SettingsQuery, response: { 200: SiteSettings, 400: ErrorBody } } },
    async (request, reply) => {
      const forced = request.query.forced_domain;
      const site = forced ? await sites.resolveSite(normalizeHost(forced)) : request.site;
      // In the page's language: the operator's texts too (request.language, as pages use it).
      const body = sites.publicSettingsBody(site, { country: request.visitorCountry }, request.language);
      // Already the serialized SiteSettings: bytes with a JSON content type go out as they are.
      // The schema's type names the object, hence the cast.
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );

  // The settings every visitor of the site sees in one language, named by each page (issue 20,
  // ADR 0049). Like the theme's stylesheet, an old address still gets today's settings, so a page
  // rendered just before an operator's edit still starts, and is not kept.
  app.get('/site-settings/:file', { schema: { hide: true, params: SettingsFileParams } }, async (request, reply) => {
    const [language, hash] = request.params.file.split('.') as [string, string];
    if (!isSupportedLanguage(language)) return reply.callNotFound();
    const file = await sharedSettingsFileOf(sites.toPublicSettings(request.site, { country: null }, language), language);
    return reply
      .header('cache-control', hash === file.hash ? IMMUTABLE : STALE)
      .type('application/json; charset=utf-8')
      .send(file.body);
  });

  app.get('/api/companyinfo.php', { schema: { tags: ['site'], response: { 200: CompanyInfo } } }, async (request) => sites.toCompanyInfo(request.site));

  app.get('/api/interests.php', { schema: { tags: ['site'], response: { 200: InterestList } } }, async (request) =>
    listSiteInterests(request.site, translator.forLanguage(request.language)),
  );

  app.get(
    '/api/regions.php',
    { schema: { tags: ['site'], querystring: ServedCountryQuery, response: { 200: RegionList, 400: ErrorBody } } },
    async (request) => {
      const country = request.query.country as CountryCode;
      const word = regionWordOf(request.site, country);
      return {
        country,
        region_word: word,
        region_word_label: translator.forLanguage(request.language)(`regions.word.${word}`),
        regions: geo.listRegions(country).map((region) => ({ id: region.id, name: region.name })),
      };
    },
  );
};
