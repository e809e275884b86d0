import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { isChunkLoadError, reloadAfterChunkError } from './lib/chunk-reload';

window.addEventListener('vite:preloadError', (event) => {
  event.preventDefault();
  reloadAfterChunkError();
});
window.addEventListener('unhandledrejection', (event) => {
  if (isChunkLoadError(event.reason)) reloadAfterChunkError();
});

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
