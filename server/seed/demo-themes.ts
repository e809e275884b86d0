import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { MediaStorage } from '../adapters/storage/storage.port';
import type { Executor } from '../db/client';
import { sites, type SiteRow, type SiteThemeColumn } from '../db/schema/index';

/**
 * The demo brands' looks (ADR 0041): Rendezvous keeps the spec's palette with rounded Nunito;
 * Flirtzone is violet and amber, squarer, in Montserrat. Both get a drawn logo.
 */
export const DEMO_THEMES: Record<'Rendezvous' | 'Flirtzone', SiteThemeColumn> = {
  Rendezvous: { primary: '#d94681', secondary: '#971f50', dark: '#440e24', accent: '#ffc107', dark_background: null, font: 'nunito', radius: 12 },
  Flirtzone: { primary: '#7c3aed', secondary: '#5b21b6', dark: '#1e1b4b', accent: '#f59e0b', dark_background: '#0f0d24', font: 'montserrat', radius: 2 },
};

const LOGOS: Record<keyof typeof DEMO_THEMES, string> = {
  // Two hearts overlapping.
  Rendezvous: `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><path fill="#ff8fb8" d="M36 80 10 54a16 16 0 0 1 26-22 16 16 0 0 1 26 22z"/><path fill="#ffffff" d="M60 84 34 58a16 16 0 0 1 26-22 16 16 0 0 1 26 22z"/></svg>`,
  // A flame.
  Flirtzone: `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><path fill="#f59e0b" d="M48 8c4 18 26 26 26 50a26 26 0 0 1-52 0c0-12 6-20 12-26 0 10 6 16 10 16-6-16 0-30 4-40z"/><path fill="#fde68a" d="M48 50c2 8 12 10 12 20a12 12 0 0 1-24 0c0-8 8-12 12-20z"/></svg>`,
};

export async function seedDemoThemes(db: Executor, storage: MediaStorage, created: SiteRow[]): Promise<void> {
  for (const site of created) {
    const name = site.name as keyof typeof DEMO_THEMES;
    if (!DEMO_THEMES[name]) continue;
    const key = `themes/${site.id}-logo-demo.webp`;
    await storage.write(key, await sharp(Buffer.from(LOGOS[name])).webp({ quality: 90 }).toBuffer(), 'image/webp');
    await db
      .update(sites)
      .set({ theme: { ...DEMO_THEMES[name], logo_key: key, logo_aspect: 1 } })
      .where(eq(sites.id, site.id));
  }
}
