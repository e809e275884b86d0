import sharp from 'sharp';
import type { SiteBrand } from '../../domain/sites/site-brand';

/** The icons a manifest lists: what Android and desktop Chromium ask an installable site for. */
export const APP_ICONS = [
  { file: '192.png', size: 192, maskable: false },
  { file: '512.png', size: 512, maskable: false },
  { file: 'maskable-512.png', size: 512, maskable: true },
] as const;
export type AppIconFile = (typeof APP_ICONS)[number]['file'];

export function findAppIcon(file: string) {
  return APP_ICONS.find((icon) => icon.file === file) ?? null;
}

function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * The brand's initial on its colour. A maskable icon fills the whole square and keeps the
 * letter inside the central 80 % the launcher never crops; the plain one has rounded corners.
 */
export function appIconSvg(brand: SiteBrand, size: number, maskable: boolean): string {
  const radius = maskable ? 0 : Math.round(size * 0.22);
  const fontSize = Math.round(size * (maskable ? 0.42 : 0.56));
  const bar = { width: Math.round(size * (maskable ? 0.24 : 0.32)), height: Math.max(2, Math.round(size * 0.035)) };
  const barY = Math.round(size * (maskable ? 0.7 : 0.78));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
    `<rect width="${size}" height="${size}" rx="${radius}" fill="${brand.themeColor}"/>` +
    `<text x="50%" y="${Math.round(size * (maskable ? 0.5 : 0.51))}" text-anchor="middle" dominant-baseline="middle" ` +
    `font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="bold" font-size="${fontSize}" fill="#ffffff">${escapeXml(brand.initial)}</text>` +
    `<rect x="${(size - bar.width) / 2}" y="${barY}" width="${bar.width}" height="${bar.height}" rx="${bar.height / 2}" fill="${brand.accentColor}"/>` +
    `</svg>`
  );
}

/**
 * Renders each site's icons once and keeps them: a few kilobytes per site, and an icon only
 * changes when the site's name does (the key holds the name, so a rename draws anew).
 */
export function createAppIconCache(maxEntries = 300) {
  const rendered = new Map<string, Promise<Buffer>>();
  return {
    render(siteId: number, brand: SiteBrand, file: AppIconFile): Promise<Buffer> {
      const icon = findAppIcon(file)!;
      const key = `${siteId}:${brand.name}:${brand.themeColor}:${file}`;
      let png = rendered.get(key);
      if (!png) {
        png = sharp(Buffer.from(appIconSvg(brand, icon.size, icon.maskable)))
          .png()
          .toBuffer();
        // A failed render is not kept: the next request tries again.
        png.catch(() => rendered.delete(key));
        if (rendered.size >= maxEntries) rendered.delete(rendered.keys().next().value!);
        rendered.set(key, png);
      }
      return png;
    },
  };
}
