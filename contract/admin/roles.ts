/**
 * The operators' roles (issue 16). Staff are not members: they sign in to `/admin` with their
 * own accounts, and each console call names the permission it needs.
 */
export const STAFF_ROLES = ['owner', 'admin', 'moderator', 'support', 'host'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** What a console call may need, and which roles have it. */
export const PERMISSIONS = {
  /** Invite, change and disable staff; set support's refund limit. */
  'staff.manage': ['owner'],
  /** Read the audit log and export it. */
  'audit.read': ['owner', 'admin'],
  /** Figures across sites: sign-ups, revenue, queues. */
  'dashboard.read': ['owner', 'admin'],
  /** Sites (brands), their settings, bundles, payment methods and custom pages. */
  'sites.read': ['owner', 'admin'],
  'sites.write': ['owner', 'admin'],
  /** Find members and open their page: profile, photos, orders, ledger, sessions. */
  'members.read': ['owner', 'admin', 'moderator', 'support'],
  /** Confirm an address, block and unblock direct debit, sign out everywhere, export, delete. */
  'members.write': ['owner', 'admin', 'support'],
  /**
   * Hide a profile, suspend or ban a member, and lift each (issue 32): what keeps people safe,
   * so moderators have it as well as those who manage accounts.
   */
  'members.restrict': ['owner', 'admin', 'moderator', 'support'],
  /** Read the text of members' messages (every reading is audited). */
  'members.messages': ['owner', 'admin'],
  /** Add or take credits with a reason (a ledger entry, never a balance write). */
  'credits.correct': ['owner', 'admin'],
  /**
   * Give goodwill credits with a reason (issue 33), within the limits an owner set on the staff
   * member's row (owners are not limited).
   */
  'credits.goodwill': ['owner', 'admin', 'support'],
  /** Write notes on a member; everyone who may read members reads them (issue 33). */
  'members.notes': ['owner', 'admin', 'moderator', 'support'],
  /** Refund an order through its provider (support up to the limit the owner set). */
  'orders.refund': ['owner', 'admin', 'support'],
  /** Orders, payments, mandates and discount codes across sites. */
  'money.read': ['owner', 'admin'],
  'money.write': ['owner', 'admin'],
  /** Photo and profile-text queues, and taking down a live photo or profile text (issue 32). */
  'moderation.review': ['owner', 'admin', 'moderator'],
  /** Members' reports and complaints. */
  'reports.handle': ['owner', 'admin', 'moderator', 'support'],
  /** Create and edit fictional profiles. */
  'fictional.manage': ['owner', 'admin'],
  /** Answer members in conversations with fictional profiles. */
  'fictional.answer': ['owner', 'admin', 'host'],
  /** See the background jobs that failed or died, and run them again (issue 17). */
  'jobs.manage': ['owner'],
} as const satisfies Record<string, readonly StaffRole[]>;

export type Permission = keyof typeof PERMISSIONS;

export function hasPermission(role: StaffRole, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly StaffRole[]).includes(role);
}
