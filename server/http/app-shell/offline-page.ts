import type { SiteBrand } from '../../domain/sites/site-brand';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * The page the service worker shows when a navigation finds no network: self-contained (no
 * script, no stylesheet, no image to fetch), in the brand's colours and the visitor's language.
 * Its link loads the page asked for again (an empty href is the current address).
 */
export function offlinePageHtml(brand: SiteBrand, language: string, texts: { title: string; body: string; retry: string }): string {
  const name = escapeHtml(brand.name);
  return (
    `<!doctype html><html lang="${escapeHtml(language)}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
    `<meta name="theme-color" content="${brand.themeColor}"><title>${escapeHtml(texts.title)} | ${name}</title>` +
    `<style>` +
    `body{margin:0;min-height:100vh;display:flex;flex-direction:column;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#212529;background:#f8f9fa}` +
    `header{background:${brand.themeColor};color:#fff;padding:.75rem 1rem;font-weight:700;font-size:1.25rem}` +
    `main{flex:1;display:flex;align-items:center;justify-content:center;padding:2rem 1rem}` +
    `section{max-width:28rem;text-align:center}h1{color:${brand.themeColor};font-size:1.5rem;margin:0 0 .75rem}` +
    `a{display:inline-block;margin-top:1rem;padding:.5rem 1.25rem;border-radius:.375rem;background:#971f50;color:#fff;text-decoration:none;font-weight:600}` +
    `</style></head><body><header>${name}</header><main><section>` +
    `<h1>${escapeHtml(texts.title)}</h1><p>${escapeHtml(texts.body)}</p><a href="">${escapeHtml(texts.retry)}</a>` +
    `</section></main></body></html>`
  );
}
