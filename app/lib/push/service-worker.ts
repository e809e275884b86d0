/** The worker the server serves at the site root (server/http/app-shell/service-worker.js). */
const SERVICE_WORKER_URL = '/sw.js';

export function canUseServiceWorker(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator && window.isSecureContext;
}

/**
 * Registers the worker for the member-facing site. Failing is harmless: the site works without
 * it, only push and the offline page are missing.
 */
export async function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!canUseServiceWorker()) return null;
  try {
    return await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  } catch {
    return null;
  }
}
