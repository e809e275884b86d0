import { createPartnerCardsService } from '../domain/partners/partner-cards.service';
import { createRealtimeSessionEvents } from '../realtime/session-events';
import { createSiteThemeService } from '../domain/sites/site-theme.service';
import { createSiteAdminService } from '../domain/sites/site-admin.service';
import { createStaffRepository } from '../db/repositories/staff.repository';
import { createAuditService } from '../domain/audit/audit.service';
import { createStaffAdminService } from '../domain/staff/staff-admin.service';
import { createStaffPreferencesService } from '../domain/staff/staff-preferences.service';
import { createDashboardService } from '../domain/dashboard/dashboard.service';
import { createBusinessFiguresService } from '../domain/figures/business-figures.service';
import { createBusinessFiguresRepository } from '../db/repositories/business-figures.repository';
import { createDashboardRepository } from '../db/repositories/dashboard.repository';
import { createPageVisitsRepository } from '../db/repositories/page-visits.repository';
import { createPageVisitsService } from '../domain/traffic/page-visits.service';
import { createTrafficReportService } from '../domain/traffic/traffic-report.service';
import { createStaffEnrolmentService } from '../domain/staff/staff-enrolment.service';
import { createStaffSignInService } from '../domain/staff/staff-sign-in.service';
import { createSignInAudit } from '../domain/staff/staff-sign-in-audit';
import { createStaffTwoFactorService } from '../domain/staff/staff-two-factor.service';
import { createStaffInvitationsService } from '../domain/staff/staff-invitations.service';
import { createReportsRepository } from '../db/repositories/reports.repository';
import { createMemberNotices } from '../domain/moderation/member-notices';
import { createModerationService } from '../domain/moderation/moderation.service';
import { createLiveContentService } from '../domain/moderation/live-content.service';
import { createQueueBulk } from '../domain/moderation/queue-bulk';
import { createReportEvidenceService } from '../domain/moderation/report-evidence.service';
import { createReportTriageService } from '../domain/moderation/report-triage.service';
import { createReportsService } from '../domain/moderation/reports.service';
import { createConsoleDiscountsService } from '../domain/money/console-discounts.service';
import { createConsoleMandatesService } from '../domain/money/console-mandates.service';
import { createConsoleOrdersService } from '../domain/money/console-orders.service';
import { createConsoleChargebacksService } from '../domain/money/console-chargebacks.service';
import { createConsoleSepaReturnsService } from '../domain/money/console-sepa-returns.service';
import type { PaymentEvents } from '../domain/payments/orders.service';
import { createFictionalConfirmationsService } from '../domain/fictional/fictional-confirmations.service';
import { createFictionalProfilesService } from '../domain/fictional/fictional-profiles.service';
import { createFictionalPhotosService } from '../domain/fictional/fictional-photos.service';
import { createCannedRepliesService } from '../domain/fictional/canned-replies.service';
import { createHostFiguresService } from '../domain/fictional/host-figures.service';
import { createHostNotesService } from '../domain/fictional/host-notes.service';
import { createHostInboxService } from '../domain/fictional/host-inbox.service';
import { createMembersAdminService } from '../domain/members-admin/members-admin.service';
import { createTraceHashes } from '../domain/accounts/account-traces';
import { createMailDnsService } from '../domain/mail/mail-dns';
import { EVERY_SITE } from '../domain/staff/site-scope';
import type { Platform } from './platform';
import type { Stores } from './stores';

type MembersAdminDeps = Parameters<typeof createMembersAdminService>[0];

/** What the console needs from the areas made before it. */
export interface ConsoleDeps {
  loginGuard: Parameters<typeof createStaffSignInService>[0]['guard'];
  chat: Parameters<typeof createHostInboxService>[0]['chat'];
  chatEvents: Parameters<typeof createHostInboxService>[0]['events'];
  transactions: MembersAdminDeps['transactions'];
  paymentEvents: MembersAdminDeps['paymentEvents'];
  moneyNotices: MembersAdminDeps['moneyNotices'];
  /** What the member hears of a return an operator booked: balance and mail (issue 33). */
  chargebackEvents: PaymentEvents;
  sendReactivation: MembersAdminDeps['sendReactivation'];
  onConfirmed: MembersAdminDeps['onConfirmed'];
  /** What a host's answer is screened with (issue 32). */
  safety: Parameters<typeof createHostInboxService>[0]['safety'];
}

/**
 * The operators' console (ADR 0016 onwards): staff and their sign-in, the audit log, moderation
 * and reports, traffic and the dashboard, site settings and looks, the money area, fictional
 * profiles and their hosts, partner cards and the members area. Every write here is audited.
 */
export function composeConsole(platform: Platform, stores: Stores, deps: ConsoleDeps) {
  const { db, clock, storage, bus } = platform;
  const { loginGuard, chat, chatEvents, transactions, paymentEvents, moneyNotices, sendReactivation, onConfirmed, safety } = deps;
  const { chat: chatRepository, profiles: profilesRepository, sites: sitesRepository } = stores;
  const staff = composeStaff(platform, loginGuard);
  const { audit } = staff;
  const moderation = composeModeration(platform, stores, audit);
  // Fictional profiles (issue 16): made in the console, answered by hosts through the members' send path.
  const fictionalProfiles = createFictionalProfilesService({ db, sites: sitesRepository, audit, clock });
  const fictionalPhotos = createFictionalPhotosService({ db, storage, audit, clock });
  // Partner cards in the console (issue 18).
  const partnerCards = createPartnerCardsService({ db, sites: sitesRepository, storage, audit, clock, changes: platform.siteChanges });
  const hostInbox = createHostInboxService({ db, chat, chatRepository, sites: sitesRepository, audit, clock, events: chatEvents, safety });
  const fictionalConfirmations = createFictionalConfirmationsService({ db, profiles: profilesRepository, clock });
  // The console's members: search, member page and actions (issue 16).
  const membersAdmin = createMembersAdminService({
    db,
    audit,
    clock,
    transactions,
    sessionEvents: createRealtimeSessionEvents(bus),
    paymentEvents,
    moneyNotices,
    findSite: (siteId) => sitesRepository.findById(siteId),
    sendReactivation,
    onConfirmed,
    // The same keyed hash sign-ins are recorded by: the search by IP finds them (issue 32).
    hashIp: createTraceHashes(platform.secrets.cookieSecret).ip,
  });

  return {
    ...staff,
    ...moderation,
    ...composeSiteSettings(platform, audit),
    ...composeConsoleMoney(platform, audit, deps.chargebackEvents),
    ...composeFigures(platform, stores, moderation.moderation),
    ...composeHostWorkstation(platform, stores, audit),
    fictionalProfiles,
    fictionalPhotos,
    hostInbox,
    fictionalConfirmations,
    partnerCards,
    membersAdmin,
  };
}

type Audit = ReturnType<typeof createAuditService>;

/** Site settings and looks, and the DNS records each site's mail needs (ADR 0066). */
function composeSiteSettings(platform: Platform, audit: Audit) {
  const { db, clock, storage, siteChanges } = platform;
  const siteAdmin = createSiteAdminService({ db, audit, clock, changes: siteChanges });
  // The resolver is the test's when given.
  const mailDns = createMailDnsService({
    dkim: platform.dkimKeys,
    streams: platform.config.mailStreams,
    spfInclude: platform.config.mailSpfInclude,
    resolver: platform.dnsResolver,
    // The service checks the staff member's scope before it asks for the site.
    getSite: (siteId) => siteAdmin.get(siteId, EVERY_SITE),
  });
  const siteTheme = createSiteThemeService({ db, audit, clock, changes: siteChanges, storage });
  return { siteAdmin, mailDns, siteTheme };
}

/** The console's money area: orders across sites, mandates, discount codes and chargebacks. */
function composeConsoleMoney(platform: Platform, audit: Audit, chargebackEvents: PaymentEvents) {
  const { db, clock } = platform;
  return {
    consoleSepaReturns: createConsoleSepaReturnsService({ db, audit, clock, events: chargebackEvents }),
    consoleOrders: createConsoleOrdersService({ db, audit }),
    consoleMandates: createConsoleMandatesService({ db }),
    consoleDiscounts: createConsoleDiscountsService({ db, audit, clock }),
    consoleChargebacks: createConsoleChargebacksService({ db, audit, clock }),
  };
}

/** Traffic, the dashboard and the owners' figures (issue 33): revenue, conversion and retention. */
function composeFigures(platform: Platform, stores: Stores, moderation: ReturnType<typeof createModerationService>) {
  const { db, clock } = platform;
  const pageVisitsRepository = createPageVisitsRepository(db);
  return {
    pageVisits: createPageVisitsService({ pageVisits: pageVisitsRepository, clock }),
    trafficReport: createTrafficReportService({ pageVisits: pageVisitsRepository, sites: stores.sites, clock }),
    dashboard: createDashboardService({
      dashboard: createDashboardRepository(db),
      sites: stores.sites,
      clock,
      queueSizes: (sites) => moderation.moderationQueueSizes(sites),
    }),
    businessFigures: createBusinessFiguresService({ figures: createBusinessFiguresRepository(db), sites: stores.sites, clock }),
  };
}

/**
 * Moderation and reports: the photo and profile-text queues (one at a time and in bulk), taking
 * down live content, members' reports and complaints with what they are about, and triage.
 */
function composeModeration(platform: Platform, stores: Stores, audit: Audit) {
  const { db, clock, mail, translator, siteUrls, storage, bus } = platform;
  const { sites: sitesRepository } = stores;
  const memberNotices = createMemberNotices({ reports: createReportsRepository(db), sites: sitesRepository, mail, translator, urls: siteUrls });
  const moderation = createModerationService({ db, audit, storage, bus, notices: memberNotices, clock });
  const liveContent = createLiveContentService({ db, audit, storage, events: bus, notices: memberNotices, clock });
  const queueBulk = createQueueBulk(moderation);
  const reportEvidence = createReportEvidenceService({ db, audit });
  const reportTriage = createReportTriageService({ db, audit, clock });
  const reports = createReportsService({
    db,
    audit,
    notices: memberNotices,
    clock,
    flagText: (profileId, reportId, executor) => moderation.flagText(profileId, reportId, executor),
  });
  return { moderation, liveContent, queueBulk, reportEvidence, reportTriage, reports };
}

/** The hosts' workstation (issue 32): canned replies, shared notes and per-host figures. */
function composeHostWorkstation(platform: Platform, stores: Stores, audit: Audit) {
  const { db, clock } = platform;
  return {
    cannedReplies: createCannedRepliesService({ db, sites: stores.sites, audit, clock }),
    hostNotes: createHostNotesService({ db, audit, clock }),
    hostFigures: createHostFiguresService({ db }),
  };
}

/** Staff, their sign-in and enrolment, and the audit log of everything they change. */
function composeStaff(platform: Platform, loginGuard: ConsoleDeps['loginGuard']) {
  const { config, db, clock, mailer, siteUrls } = platform;
  const audit = createAuditService({ db, clock });
  const staffRepository = createStaffRepository(db);
  const signInAudit = createSignInAudit({ db, audit });
  const staffSignIn = createStaffSignInService({ staff: staffRepository, guard: loginGuard, clock, signInAudit });
  const staffTwoFactor = createStaffTwoFactorService({ db, staff: staffRepository, audit, guard: loginGuard, signInAudit, clock });
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
  const staffInvitations = createStaffInvitationsService({ db, staff: staffRepository, audit, enrolment: staffEnrolment });
  const staffPreferences = createStaffPreferencesService({ db, audit });
  return { audit, staffSignIn, staffEnrolment, staffAdmin, staffTwoFactor, staffInvitations, staffPreferences };
}
