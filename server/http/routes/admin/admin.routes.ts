import type { FastifyPluginAsync } from 'fastify';
import type { Services } from '../../../services';
import { auditRoutes } from './audit.routes';
import { moderationRoutes } from './moderation.routes';
import { reportsAdminRoutes } from './reports-admin.routes';
import { siteAdminRoutes } from './sites.routes';
import { siteThemeRoutes } from './site-theme.routes';
import { moneyRoutes } from './money.routes';
import { fictionalRoutes } from './fictional.routes';
import { membersRoutes } from './members.routes';
import { dashboardRoutes } from './dashboard.routes';
import { jobsAdminRoutes } from './jobs.routes';
import { partnerCardsRoutes } from './partner-cards.routes';
import { trafficRoutes } from './traffic.routes';
import { staffInvitationRoutes } from './staff-invitation.routes';
import { staffRoutes } from './staff.routes';
import { staffSessionRoutes } from './staff-session.routes';

/** The console's API under `/api/admin/`: each plugin one area; every route states its permission. */
export const adminRoutes: FastifyPluginAsync<Services> = async (app, services) => {
  await app.register(staffSessionRoutes, { signIn: services.staffSignIn });
  await app.register(staffInvitationRoutes, { enrolment: services.staffEnrolment, signIn: services.staffSignIn });
  await app.register(staffRoutes, { staffAdmin: services.staffAdmin, enrolment: services.staffEnrolment });
  await app.register(auditRoutes, { audit: services.audit });
  await app.register(moderationRoutes, { moderation: services.moderation });
  await app.register(reportsAdminRoutes, { reports: services.reports });
  await app.register(siteAdminRoutes, { siteAdmin: services.siteAdmin, siteUrls: services.siteUrls });
  await app.register(siteThemeRoutes, { siteTheme: services.siteTheme, siteThemes: services.siteThemes });
  await app.register(moneyRoutes, { consoleOrders: services.consoleOrders, consoleMandates: services.consoleMandates, consoleDiscounts: services.consoleDiscounts });
  await app.register(fictionalRoutes, { fictionalProfiles: services.fictionalProfiles, hostInbox: services.hostInbox });
  await app.register(membersRoutes, { membersAdmin: services.membersAdmin });
  await app.register(dashboardRoutes, { dashboard: services.dashboard });
  await app.register(jobsAdminRoutes, { jobsAdmin: services.jobsAdmin });
  await app.register(partnerCardsRoutes, { partnerCards: services.partnerCards, storage: services.storage });
  await app.register(trafficRoutes, { trafficReport: services.trafficReport });
};
