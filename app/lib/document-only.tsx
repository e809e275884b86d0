import { createContext, useContext } from 'react';

/**
 * The server's per-request `documentOnly` values (see `PageLoadContext.documentOnly`): texts a
 * document's HTML shows that its loader data does not repeat. Empty in the browser, which keeps
 * the server's HTML of them (`KeptServerHtml`).
 */
const DocumentOnlyContext = createContext<ReadonlyMap<string, unknown>>(new Map());
export const DocumentOnlyProvider = DocumentOnlyContext.Provider;

/** The value a loader set aside for the document's render; undefined in the browser. */
export function useDocumentOnly<T>(key: string): T | undefined {
  return useContext(DocumentOnlyContext).get(key) as T | undefined;
}
