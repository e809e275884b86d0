import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { isChunkLoadError, reloadAfterChunkError } from './lib/chunk-reload';
import { loadPageCatalogues } from './lib/i18n';
import { loadPageSiteSettings } from './lib/site-settings';

window.addEventListener('vite:preloadError', (event) => {
  event.preventDefault();
  reloadAfterChunkError();
});
window.addEventListener('unhandledrejection', (event) => {
  if (isChunkLoadError(event.reason)) reloadAfterChunkError();
});

// The page's texts and the site's settings are files the head preloads beside the scripts (issue
// 20): hydrating only once they are here keeps the first client render identical to the server's,
// with no text drawn as its key. Without the settings no page can render: should that file not
// load, the server's page stays as it is (its links still work, and load it again).
void Promise.all([loadPageCatalogues(), loadPageSiteSettings()]).then(
  () =>
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      );
    }),
  (error: unknown) => console.error(error),
);
