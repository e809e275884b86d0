import crypto from 'node:crypto';
import { SUPPORTED_LANGUAGES, type Language } from '../../contract/locales';
import type { Messages } from './translator';

/** The namespaces the browser loads: the member-facing texts and the operators' console. */
export const BROWSER_NAMESPACES = ['common', 'admin'] as const;
export type BrowserNamespace = (typeof BROWSER_NAMESPACES)[number];

export interface CatalogueAsset {
  /** `/locales/<namespace>/<language>.<hash>.json`: a new text is a new address. */
  url: string;
  /** The serialized catalogue, exactly the bytes served. */
  body: Buffer;
  /** A strong ETag from the same hash, for clients that revalidate anyway. */
  etag: string;
}

/**
 * One content-hashed JSON file per language and namespace, made once at start-up from the
 * catalogues the server already holds (issue 20). Pages name the file instead of carrying the
 * texts; the browser fetches it once and keeps it for a year (`immutable`): changed texts get a
 * new hash, so a deploy never serves stale words under an old address.
 */
export function buildCatalogueAssets(
  getMessages: (language: Language, namespace: BrowserNamespace) => Messages,
  /** The languages a namespace has files in, where not all eleven (the console's, issue 32). */
  only: Partial<Record<BrowserNamespace, readonly Language[]>> = {},
) {
  const byUrl = new Map<string, CatalogueAsset>();
  const byKey = new Map<string, CatalogueAsset>();
  for (const namespace of BROWSER_NAMESPACES) {
    for (const language of only[namespace] ?? SUPPORTED_LANGUAGES) {
      const body = Buffer.from(JSON.stringify(getMessages(language, namespace)), 'utf8');
      const hash = crypto.createHash('sha256').update(body).digest('base64url').slice(0, 12);
      const asset = { url: `/locales/${namespace}/${language}.${hash}.json`, body, etag: `"${hash}"` };
      byUrl.set(asset.url, asset);
      byKey.set(`${namespace}/${language}`, asset);
    }
  }
  return {
    /** The address of one language's catalogue, for the page that needs it; English where the namespace has no file in that language. */
    urlOf(language: Language, namespace: BrowserNamespace): string {
      return (byKey.get(`${namespace}/${language}`) ?? byKey.get(`${namespace}/en`)!).url;
    },
    /** The file at an address, or null for an unknown namespace, language or an old hash. */
    find(url: string): CatalogueAsset | null {
      return byUrl.get(url) ?? null;
    },
  };
}

export type CatalogueAssets = ReturnType<typeof buildCatalogueAssets>;
