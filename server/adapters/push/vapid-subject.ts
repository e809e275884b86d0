const PLAIN_ADDRESS = /^[^@\s<>"]+@[^@\s<>"]+\.[^@\s<>"]+$/;

/**
 * The VAPID subject (RFC 8292 §2.1): whom a push service contacts about our pushes. The
 * configured `VAPID_SUBJECT`, else `mailto:` the default site's support address (read through
 * the sites cache, so an operator's change applies), else `support@` the default domain.
 */
export function createVapidSubject(deps: {
  configured: string | null;
  defaultDomain: string;
  findDefaultSupportEmail: () => Promise<string | null>;
}): () => Promise<string> {
  return async () => {
    if (deps.configured) return deps.configured;
    const address = await deps.findDefaultSupportEmail().catch(() => null);
    return `mailto:${address && PLAIN_ADDRESS.test(address) ? address : `support@${deps.defaultDomain}`}`;
  };
}
