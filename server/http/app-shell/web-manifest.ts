import type { SiteBrand } from '../../domain/sites/site-brand';
import { APP_ICONS } from './app-icon';

/** The site as an installable app (W3C Web App Manifest): its own name, colours and icons. */
export function webManifest(brand: SiteBrand, language: string) {
  return {
    name: brand.name,
    short_name: brand.shortName,
    lang: language,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: brand.themeColor,
    background_color: brand.backgroundColor,
    icons: APP_ICONS.map((icon) => ({
      src: `/app-icon/${icon.file}`,
      sizes: `${icon.size}x${icon.size}`,
      type: 'image/png',
      purpose: icon.maskable ? 'maskable' : 'any',
    })),
  };
}
