/** Spec §2: the nine footer links, in order. */
export const FOOTER_LINKS = [
  { key: 'terms', to: '/pages/terms' },
  { key: 'privacy', to: '/pages/privacy' },
  { key: 'cookies', to: '/pages/cookies' },
  { key: 'ban', to: '/pages/ban' },
  { key: 'pricing', to: '/pricing' },
  { key: 'complaints', to: '/complaints' },
  { key: 'return_policy', to: '/pages/return-policy' },
  { key: 'faq', to: '/pages/faq' },
  { key: 'service', to: '/pages/service' },
] as const;
