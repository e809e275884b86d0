import type { Config } from './config';
import { createSitesRepository } from './db/repositories/sites.repository';
import { createPartnerCardsService } from './domain/partners/partner-cards.service';
import { createRealtimeSessionEvents } from './realtime/session-events';
import type { createSiteUrls } from './domain/sites/site-urls';
import { createSiteThemeService } from './domain/sites/site-theme.service';
import { createSiteAdminService } from './domain/sites/site-admin.service';
import { createStaffRepository } from './db/repositories/staff.repository';
import { createAuditService } from './domain/audit/audit.service';
import { createStaffAdminService } from './domain/staff/staff-admin.service';
import { createDashboardService } from './domain/dashboard/dashboard.service';
import { createDashboardRepository } from './db/repositories/dashboard.repository';
import { createPageVisitsRepository } from './db/repositories/page-visits.repository';
import { createPageVisitsService } from './domain/traffic/page-visits.service';
import { createTrafficReportService } from './domain/traffic/traffic-report.service';
import { createStaffEnrolmentService } from './domain/staff/staff-enrolment.service';
import { createStaffSignInService } from './domain/staff/staff-sign-in.service';
import { createReportsRepository } from './db/repositories/reports.repository';
import { createMemberNotices } from './domain/moderation/member-notices';
import { createModerationService } from './domain/moderation/moderation.service';
import { createReportsService } from './domain/moderation/reports.service';
import { createConsoleDiscountsService } from './domain/money/console-discounts.service';
import { createConsoleMandatesService } from './domain/money/console-mandates.service';
import { createConsoleOrdersService } from './domain/money/console-orders.service';
import { createFictionalConfirmationsService } from './domain/fictional/fictional-confirmations.service';
import { createFictionalProfilesService } from './domain/fictional/fictional-profiles.service';
import { createHostInboxService } from './domain/fictional/host-inbox.service';
import { createMembersAdminService } from './domain/members-admin/members-admin.service';

type MembersAdminDeps = Parameters<typeof createMembersAdminService>[0];
type HostInboxDeps = Parameters<typeof createHostInboxService>[0];

/** What the console's services need from the rest of the app, made once in `createServices`. */
export interface ConsoleServiceDeps {
  config: Config;
  db: Parameters<typeof createAuditService>[0]['db'];
  clock: Parameters<typeof createAuditService>[0]['clock'];
  loginGuard: Parameters<typeof createStaffSignInService>[0]['guard'];
  mailer: Parameters<typeof createStaffEnrolmentService>[0]['mailer'];
  mail: Parameters<typeof createMemberNotices>[0]['mail'];
  translator: Parameters<typeof createMemberNotices>[0]['translator'];
  siteUrls: ReturnType<typeof createSiteUrls>;
  storage: Parameters<typeof createModerationService>[0]['storage'];
  bus: Parameters<typeof createModerationService>[0]['bus'] & Parameters<typeof createRealtimeSessionEvents>[0];
  siteChanges: Parameters<typeof createSiteAdminService>[0]['changes'];
  chat: HostInboxDeps['chat'];
  chatRepository: HostInboxDeps['chatRepository'];
  chatEvents: HostInboxDeps['events'];
  profilesRepository: Parameters<typeof createFictionalConfirmationsService>[0]['profiles'];
  transactions: MembersAdminDeps['transactions'];
  paymentEvents: MembersAdminDeps['paymentEvents'];
  sendReactivation: MembersAdminDeps['sendReactivation'];
  onConfirmed: MembersAdminDeps['onConfirmed'];
}

/**
 * The operators' console (ADR 0016 onwards): staff and their sign-in, the audit log, moderation
 * and reports, traffic and the dashboard, site settings and looks, the money area, fictional
 * profiles and their hosts, partner cards and the members area. Every write here is audited.
 */
export function createConsoleServices(deps: ConsoleServiceDeps) {
  const { config, db, clock, loginGuard, mailer, mail, translator, siteUrls, storage, bus, siteChanges, chat, chatRepository, chatEvents, profilesRepository, transactions, paymentEvents, sendReactivation, onConfirmed } = deps;
  const sitesRepository = createSitesRepository(db);
  // Staff, their sign-in and the audit log of everything they change.
  const audit = createAuditService({ db, clock });
  const staffRepository = createStaffRepository(db);
  const staffSignIn = createStaffSignInService({ staff: staffRepository, guard: loginGuard, clock });
  const staffEnrolment = createStaffEnrolmentService({
    db,
    staff: staffRepository,
    audit,
    mailer,
    // On the default domain: the console works there even before any site exists.
    enrolmentUrl: async (token) => siteUrls.urlOf({ domain: config.defaultSiteDomain }, `/admin/enrol?token=${token}`),
    clock,
  });
  const staffAdmin = createStaffAdminService({ db, staff: staffRepository, audit });
  // Moderation and reports: the photo and profile-text queues, members' reports and complaints.
  const memberNotices = createMemberNotices({ reports: createReportsRepository(db), sites: sitesRepository, mail, translator, urls: siteUrls });
  const moderation = createModerationService({ db, audit, storage, bus, notices: memberNotices, clock });
  const pageVisitsRepository = createPageVisitsRepository(db);
  const pageVisits = createPageVisitsService({ pageVisits: pageVisitsRepository, clock });
  const trafficReport = createTrafficReportService({ pageVisits: pageVisitsRepository, sites: sitesRepository, clock });
  const dashboard = createDashboardService({ dashboard: createDashboardRepository(db), sites: sitesRepository, clock, queueSizes: (siteId) => moderation.moderationQueueSizes(siteId) });
  const reports = createReportsService({ db, audit, notices: memberNotices, clock, flagText: (profileId, reportId, executor) => moderation.flagText(profileId, reportId, executor) });
  const siteAdmin = createSiteAdminService({ db, audit, clock, changes: siteChanges });
  const siteTheme = createSiteThemeService({ db, audit, clock, changes: siteChanges, storage });
  // The console's money area: orders across sites, mandates, discount codes.
  const consoleOrders = createConsoleOrdersService({ db, audit });
  const consoleMandates = createConsoleMandatesService({ db });
  const consoleDiscounts = createConsoleDiscountsService({ db, audit, clock });
  // Fictional profiles (issue 16): made in the console, answered by hosts through the members' send path.
    const fictionalProfiles = createFictionalProfilesService({ db, sites: sitesRepository, audit, clock });
  // Partner cards in the console (issue 18).
  const partnerCards = createPartnerCardsService({ db, sites: sitesRepository, storage, audit, clock });
  const hostInbox = createHostInboxService({ db, chat, chatRepository, sites: sitesRepository, audit, clock, events: chatEvents });
  const fictionalConfirmations = createFictionalConfirmationsService({ db, profiles: profilesRepository, clock });
  // The console's members: search, member page and actions (issue 16).
  const membersAdmin = createMembersAdminService({
    db,
    audit,
    clock,
    transactions,
    sessionEvents: createRealtimeSessionEvents(bus),
    paymentEvents,
    findSite: (siteId) => sitesRepository.findById(siteId),
    sendReactivation,
    onConfirmed,
  });

  return {
    audit,
    moderation,
    sitesRepository,
    /** The services `createServices` hands on as they are. */
    forServices: { staffSignIn, staffEnrolment, staffAdmin, reports, siteAdmin, siteTheme, consoleOrders, consoleMandates, consoleDiscounts, fictionalProfiles, hostInbox, fictionalConfirmations, partnerCards, membersAdmin, dashboard, pageVisits, trafficReport },
  };
}
