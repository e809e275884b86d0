import crypto from 'node:crypto';
import { checkThemeContrast, formatRatio, MIN_TEXT_CONTRAST } from '../../../contract/theme-contrast';
import type { AdminTheme, ThemeImage, UpdateThemeInput } from '../../../contract/theme';
import type { MediaStorage } from '../../adapters/storage/storage.port';
import type { Executor } from '../../db/client';
import { createSiteAdminRepository } from '../../db/repositories/site-admin.repository';
import type { SiteRow, SiteThemeColumn } from '../../db/schema/index';
import type { SiteChangeBus } from '../../realtime/site-change-bus';
import type { AuditService, StaffActor } from '../audit/audit.service';
import { ImageRejected, processBrandImage } from '../photos/image-processing';
import type { Clock } from '../shared/clock';
import { AppError } from '../shared/app-error';
import { assertSiteAllowed, scopeOfActor, type SiteScope } from '../staff/site-scope';
import { presentAdminTheme } from './site-theme';

const KEY_OF = { logo: 'logo_key', hero: 'hero_key' } as const;

/**
 * Operators change a site's look in the console (ADR 0041). Like every site write: the version
 * read is checked on the locked row, the change and its audit row commit together, and every
 * instance hears of it after commit. A theme whose text would be hard to read is refused.
 * Another site than a limited staff member's own is not found (ADR 0060), before any other check.
 */
export function createSiteThemeService(deps: {
  db: Executor;
  audit: AuditService;
  clock: Clock;
  changes: SiteChangeBus;
  storage: MediaStorage;
  onError?: (error: unknown) => void;
}) {
  const onError = deps.onError ?? ((error: unknown) => console.error('site change announcement failed', error));
  const present = (site: SiteRow): AdminTheme => presentAdminTheme(site.theme, (key) => deps.storage.urlOf(key));

  /** Changes the stored theme of a locked site; returns the new row. */
  async function change(
    actor: StaffActor,
    siteId: number,
    version: number | null,
    action: string,
    next: (before: SiteThemeColumn) => SiteThemeColumn,
  ): Promise<{ before: SiteRow; after: SiteRow }> {
    assertSiteAllowed(scopeOfActor(actor), siteId);
    const result = await deps.db.transaction(async (tx) => {
      const repository = createSiteAdminRepository(tx);
      const before = await repository.lock(siteId);
      if (!before) throw new AppError('not_found');
      if (version !== null && before.version !== version) throw new AppError('version_conflict');
      const after = await repository.update(siteId, { theme: next(before.theme) }, deps.clock.now());
      await deps.audit.record(tx, actor, { action, targetType: 'site', targetId: siteId, before: { theme: before.theme }, after: { theme: after.theme } });
      return { before, after };
    });
    await deps.changes.publish(siteId).catch(onError);
    return result;
  }

  return {
    present,

    async get(siteId: number, scope: SiteScope): Promise<SiteRow> {
      assertSiteAllowed(scope, siteId);
      const site = await createSiteAdminRepository(deps.db).findById(siteId);
      if (!site) throw new AppError('not_found');
      return site;
    },

    /**
     * Saves the colours, font and radius. Refuses (`theme_contrast_too_low`, naming the first
     * failing pair and its ratio, every failing field in `fields`) a theme with any text/background
     * pair below WCAG AA, in light or dark mode.
     */
    async update(actor: StaffActor, siteId: number, input: UpdateThemeInput): Promise<SiteRow> {
      assertSiteAllowed(scopeOfActor(actor), siteId);
      const { version, ...fields } = input;
      const failing = checkThemeContrast(fields);
      if (failing.length) {
        const [first] = failing;
        const params = {
          pair: first.label,
          ratio: formatRatio(first.ratio),
          foreground: first.foreground,
          background: first.background,
          minimum: String(MIN_TEXT_CONTRAST),
        };
        throw new AppError('theme_contrast_too_low', {
          params,
          fields: failing.map((pair) => ({
            field: `body.${pair.field}`,
            code: 'theme_contrast_too_low',
            params: {
              pair: pair.label,
              ratio: formatRatio(pair.ratio),
              foreground: pair.foreground,
              background: pair.background,
              minimum: String(MIN_TEXT_CONTRAST),
            },
          })),
        });
      }
      const { after } = await change(actor, siteId, version, 'site.theme.update', (before) => ({ ...before, ...fields }));
      return after;
    },

    /** Stores a re-encoded logo or hero image and makes it the site's; the replaced file is removed after commit. */
    async setImage(actor: StaffActor, siteId: number, image: ThemeImage, data: Buffer, declaredType: string): Promise<SiteRow> {
      await this.get(siteId, scopeOfActor(actor));
      const processed = await processBrandImage(data, declaredType, image).catch((error: unknown) => {
        if (error instanceof ImageRejected) throw new AppError(error.problem, { detail: error.message });
        throw error;
      });
      const key = `themes/${siteId}-${image}-${crypto.randomBytes(12).toString('hex')}.webp`;
      await deps.storage.write(key, processed.webp, 'image/webp');
      try {
        const { before, after } = await change(actor, siteId, null, `site.theme.${image}`, (theme) => ({
          ...theme,
          [KEY_OF[image]]: key,
          ...(image === 'logo' && { logo_aspect: Math.round((processed.width / processed.height) * 100) / 100 }),
        }));
        const old = before.theme[KEY_OF[image]];
        if (old) await deps.storage.remove(old).catch(onError);
        return after;
      } catch (error) {
        await deps.storage.remove(key);
        throw error;
      }
    },

    /** Takes the logo or hero image off the site (the brand name or the gradient shows instead). */
    async removeImage(actor: StaffActor, siteId: number, image: ThemeImage): Promise<SiteRow> {
      const { before, after } = await change(actor, siteId, null, `site.theme.${image}`, (theme) => ({ ...theme, [KEY_OF[image]]: null }));
      const old = before.theme[KEY_OF[image]];
      if (old) await deps.storage.remove(old).catch(onError);
      return after;
    },
  };
}

export type SiteThemeService = ReturnType<typeof createSiteThemeService>;
