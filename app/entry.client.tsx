import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { isChunkLoadError, reloadAfterChunkError } from './lib/chunk-reload';
import { loadPageCatalogues } from './lib/i18n';

window.addEventListener('vite:preloadError', (event) => {
  event.preventDefault();
  reloadAfterChunkError();
});
window.addEventListener('unhandledrejection', (event) => {
  if (isChunkLoadError(event.reason)) reloadAfterChunkError();
});

// The page's texts are a file the head preloads beside the scripts (issue 20): hydrating only once
// it is here keeps the first client render identical to the server's, with no text drawn as its key.
void loadPageCatalogues().then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  }),
);
