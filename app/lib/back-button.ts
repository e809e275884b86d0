/**
 * Spec §2: in the installed app (no browser back button) a back button shows on these routes
 * only — members-id, likes-type, likes-m-id, credits and credits-id-paymentmethod — by their
 * ids in app/routes.ts. The chat screens have their own top bar with its own way back.
 */
export const BACK_BUTTON_ROUTE_IDS = ['routes/members/profile', 'likes-type', 'routes/likes/match', 'credits', 'credits-id-paymentmethod'] as const;

/**
 * React Router numbers the entries it pushed (`history.state.idx`); above 0 there is a page
 * of this site to go back to, while a page opened straight from a push or a link has none.
 */
export function hasBackHistory(historyState: unknown): boolean {
  const idx = (historyState as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' && idx > 0;
}

export function showsBackButton(options: { installed: boolean; routeIds: readonly string[]; historyState: unknown }): boolean {
  return options.installed && hasBackHistory(options.historyState) && options.routeIds.some((id) => (BACK_BUTTON_ROUTE_IDS as readonly string[]).includes(id));
}
