import { createAccountTracesRepository } from '../db/repositories/account-traces.repository';
import { createAuthThrottlesRepository } from '../db/repositories/auth-throttles.repository';
import { createEmailTokensRepository } from '../db/repositories/email-tokens.repository';
import { createSessionsRepository } from '../db/repositories/sessions.repository';
import { createAccountDeletionService } from '../domain/accounts/account-deletion.service';
import { createAccountLinks } from '../domain/accounts/account-links.service';
import { createAccountPurger } from '../domain/accounts/account-purger';
import { createAccountTraces, createTraceHashes } from '../domain/accounts/account-traces';
import { createAccountsService } from '../domain/accounts/accounts.service';
import { createActivationService } from '../domain/accounts/activation.service';
import { createAddressAnswerLimits } from '../domain/accounts/address-answer-limits';
import { createCurrentPasswordCheck } from '../domain/accounts/current-password';
import { createLoginGuard } from '../domain/accounts/login-guard';
import { createMailChangeService } from '../domain/accounts/mail-change.service';
import { createPasswordsService } from '../domain/accounts/passwords.service';
import { createResetLimits } from '../domain/accounts/reset-limits';
import { createSessionsService } from '../domain/accounts/sessions.service';
import { createRealtimeSessionEvents } from '../realtime/session-events';
import type { SafetySignals } from '../domain/safety/safety-signals.service';
import type { AreaEvents } from './events';
import type { Platform } from './platform';
import type { Stores } from './stores';

/**
 * Members' accounts: sessions, sign-up and log-in, the links mailed to them, address
 * confirmation, passwords, address changes and deletion. A confirmed address and a purge are
 * announced on `events`; the chat area answers them.
 */
export function composeAccounts(platform: Platform, stores: Stores, events: AreaEvents, safety?: Pick<SafetySignals, 'screenMessage'>) {
  const { db, clock, bus, mail, siteUrls, storage, memberPagesChanged, secrets } = platform;
  const users = stores.users;
  // Ended sessions close their open tabs at once, on every instance.
  const sessions = createSessionsService({ sessions: createSessionsRepository(db), clock, events: createRealtimeSessionEvents(bus) });
  const links = createAccountLinks({ tokens: createEmailTokensRepository(db), users, mail, urls: siteUrls, clock });
  const authThrottles = createAuthThrottlesRepository(db);
  const loginGuard = createLoginGuard({ throttles: authThrottles, clock });
  const checkCurrentPassword = createCurrentPasswordCheck({ users, guard: loginGuard });
  const accounts = createAccountsService({
    users,
    sessions,
    links,
    guard: loginGuard,
    addressAnswers: createAddressAnswerLimits({ throttles: authThrottles, clock }),
    clock,
    traces: createAccountTraces({ repository: createAccountTracesRepository(db), hashes: createTraceHashes(secrets.cookieSecret), clock }),
    safety,
  });
  const activation = createActivationService({ db, users, links, clock, onConfirmed: events.addressConfirmed.emit });
  const passwords = createPasswordsService({
    users,
    links,
    sessions,
    guard: loginGuard,
    resetLimits: createResetLimits({ throttles: authThrottles, clock }),
    checkCurrentPassword,
  });
  const mailChange = createMailChangeService({ users, links, checkCurrentPassword });
  const accountDeletion = createAccountDeletionService({
    db,
    users,
    links,
    sessions,
    purger: createAccountPurger({ users, storage, removeChatPhotos: events.accountPurging.emit, memberPagesChanged }),
    checkCurrentPassword,
    clock,
  });
  return { sessions, links, loginGuard, accounts, activation, passwords, mailChange, accountDeletion };
}
