import type { FastifyPluginAsync } from 'fastify';
import type { Services } from '../../../services';
import { auditRoutes } from './audit.routes';
import { moderationRoutes } from './moderation.routes';
import { reportsAdminRoutes } from './reports-admin.routes';
import { safetyRoutes } from './safety.routes';
import { triageRoutes } from './triage.routes';
import { siteAdminRoutes } from './sites.routes';
import { siteThemeRoutes } from './site-theme.routes';
import { mailDnsRoutes } from './mail-dns.routes';
import { moneyRoutes } from './money.routes';
import { chargebacksRoutes } from './chargebacks.routes';
import { fictionalRoutes } from './fictional.routes';
import { fictionalPhotosRoutes } from './fictional-photos.routes';
import { cannedRepliesRoutes } from './canned-replies.routes';
import { hostNotesRoutes } from './host-notes.routes';
import { hostFiguresRoutes } from './host-figures.routes';
import { membersRoutes } from './members.routes';
import { businessFiguresRoutes } from './business-figures.routes';
import { dashboardRoutes } from './dashboard.routes';
import { jobsAdminRoutes } from './jobs.routes';
import { partnerCardsRoutes } from './partner-cards.routes';
import { trafficRoutes } from './traffic.routes';
import { safetyRulesRoutes } from './safety-rules.routes';
import { staffInvitationRoutes } from './staff-invitation.routes';
import { staffPreferencesRoutes } from './staff-preferences.routes';
import { staffRoutes } from './staff.routes';
import { staffSessionRoutes } from './staff-session.routes';
import { staffTwoFactorRoutes } from './staff-two-factor.routes';

/** The services the console's API uses; `buildHttpApp` registers it with these only. */
export const ADMIN_SERVICES = [
  'staffSignIn',
  'staffEnrolment',
  'staffAdmin',
  'staffTwoFactor',
  'staffInvitations',
  'staffPreferences',
  'audit',
  'moderation',
  'liveContent',
  'queueBulk',
  'reportEvidence',
  'reportTriage',
  'reports',
  'siteAdmin',
  'siteUrls',
  'siteTheme',
  'siteThemes',
  'consoleOrders',
  'consoleMandates',
  'consoleDiscounts',
  'consoleChargebacks',
  'consoleSepaReturns',
  'fictionalProfiles',
  'fictionalPhotos',
  'hostInbox',
  'cannedReplies',
  'hostNotes',
  'hostFigures',
  'membersAdmin',
  'dashboard',
  'businessFigures',
  'jobsAdmin',
  'partnerCards',
  'storage',
  'trafficReport',
  'safetyRules',
  'mailDns',
] as const satisfies ReadonlyArray<keyof Services>;

export type AdminServices = Pick<Services, (typeof ADMIN_SERVICES)[number]>;

/** The console's API under `/api/admin/`: each plugin one area; every route states its permission. */
export const adminRoutes: FastifyPluginAsync<AdminServices> = async (app, services) => {
  await app.register(staffSessionRoutes, { signIn: services.staffSignIn });
  await app.register(staffTwoFactorRoutes, { twoFactor: services.staffTwoFactor });
  await app.register(staffInvitationRoutes, { enrolment: services.staffEnrolment, signIn: services.staffSignIn });
  await app.register(staffPreferencesRoutes, { preferences: services.staffPreferences });
  await app.register(staffRoutes, { staffAdmin: services.staffAdmin, enrolment: services.staffEnrolment, invitations: services.staffInvitations });
  await app.register(auditRoutes, { audit: services.audit });
  await app.register(moderationRoutes, { moderation: services.moderation });
  await app.register(reportsAdminRoutes, { reports: services.reports });
  await app.register(triageRoutes, { reportEvidence: services.reportEvidence, reportTriage: services.reportTriage, queueBulk: services.queueBulk });
  await app.register(siteAdminRoutes, { siteAdmin: services.siteAdmin, siteUrls: services.siteUrls });
  await app.register(mailDnsRoutes, { mailDns: services.mailDns });
  await app.register(siteThemeRoutes, { siteTheme: services.siteTheme, siteThemes: services.siteThemes });
  await app.register(moneyRoutes, {
    consoleOrders: services.consoleOrders,
    consoleMandates: services.consoleMandates,
    consoleDiscounts: services.consoleDiscounts,
  });
  await app.register(chargebacksRoutes, { consoleChargebacks: services.consoleChargebacks, consoleSepaReturns: services.consoleSepaReturns });
  await app.register(fictionalRoutes, { fictionalProfiles: services.fictionalProfiles, hostInbox: services.hostInbox });
  await app.register(fictionalPhotosRoutes, { fictionalPhotos: services.fictionalPhotos });
  await app.register(cannedRepliesRoutes, { cannedReplies: services.cannedReplies });
  await app.register(hostNotesRoutes, { hostNotes: services.hostNotes });
  await app.register(hostFiguresRoutes, { hostFigures: services.hostFigures });
  await app.register(membersRoutes, { membersAdmin: services.membersAdmin });
  await app.register(safetyRoutes, { liveContent: services.liveContent, membersAdmin: services.membersAdmin });
  await app.register(dashboardRoutes, { dashboard: services.dashboard });
  await app.register(businessFiguresRoutes, { businessFigures: services.businessFigures });
  await app.register(jobsAdminRoutes, { jobsAdmin: services.jobsAdmin });
  await app.register(partnerCardsRoutes, { partnerCards: services.partnerCards, storage: services.storage });
  await app.register(trafficRoutes, { trafficReport: services.trafficReport });
  await app.register(safetyRulesRoutes, { safetyRules: services.safetyRules });
};
