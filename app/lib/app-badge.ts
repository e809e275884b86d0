type BadgeNavigator = Partial<Pick<Navigator, 'setAppBadge' | 'clearAppBadge'>>;

/**
 * The installed app's icon shows the member's unread messages plus new likes (spec §2), the
 * same count as the title. Browsers without badges, or refusing one, show none (spec §8).
 */
export function showAppBadge(count: number, target: BadgeNavigator = typeof navigator === 'undefined' ? {} : navigator): void {
  try {
    const done = count > 0 ? target.setAppBadge?.(count) : target.clearAppBadge?.();
    void done?.catch(() => {});
  } catch {
    // Not allowed here (an iframe, a permission policy): nothing to show.
  }
}
