import type { Permission } from '../../../contract/admin/roles';

/**
 * The console's sections in the navigation, each shown to the roles with its permission: the
 * day-to-day queues first, then the brands and the money, then staff and the audit log.
 */
export const CONSOLE_SECTIONS: { path: string; label: string; permission: Permission | null }[] = [
  { path: '/admin', label: 'nav.home', permission: null },
  { path: '/admin/dashboard', label: 'nav.dashboard', permission: 'dashboard.read' },
  { path: '/admin/figures', label: 'nav.figures', permission: 'dashboard.read' },
  { path: '/admin/traffic', label: 'nav.traffic', permission: 'dashboard.read' },
  { path: '/admin/members', label: 'nav.members', permission: 'members.read' },
  { path: '/admin/photos', label: 'nav.photos', permission: 'moderation.review' },
  { path: '/admin/texts', label: 'nav.texts', permission: 'moderation.review' },
  { path: '/admin/safety-rules', label: 'nav.safety_rules', permission: 'moderation.review' },
  { path: '/admin/reports', label: 'nav.reports', permission: 'reports.handle' },
  { path: '/admin/inbox', label: 'nav.inbox', permission: 'fictional.answer' },
  { path: '/admin/fictional', label: 'nav.fictional', permission: 'fictional.manage' },
  { path: '/admin/canned-replies', label: 'nav.canned_replies', permission: 'fictional.manage' },
  { path: '/admin/host-figures', label: 'nav.host_figures', permission: 'fictional.answer' },
  { path: '/admin/sites', label: 'nav.sites', permission: 'sites.read' },
  { path: '/admin/partner-cards', label: 'nav.partner_cards', permission: 'sites.read' },
  { path: '/admin/orders', label: 'nav.orders', permission: 'money.read' },
  { path: '/admin/discount-codes', label: 'nav.discount_codes', permission: 'money.read' },
  { path: '/admin/mandates', label: 'nav.mandates', permission: 'money.read' },
  { path: '/admin/staff', label: 'nav.staff', permission: 'staff.manage' },
  { path: '/admin/audit', label: 'nav.audit', permission: 'audit.read' },
];
