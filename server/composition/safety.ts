import { createHeldTextsRepository } from '../db/repositories/held-texts.repository';
import { createSafetyRulesRepository } from '../db/repositories/safety-rules.repository';
import { createAuditService } from '../domain/audit/audit.service';
import { createSafetyRulesConsole } from '../domain/safety/safety-rules-console.service';
import { createSafetySignals } from '../domain/safety/safety-signals.service';
import type { Platform } from './platform';
import type { Stores } from './stores';

/**
 * Safety signals (issue 32): the lists and each site's choices, read by the chat's send path and
 * by profile saves, and kept by operators in the console. Made before the areas that read them.
 */
export function composeSafety(platform: Pick<Platform, 'db' | 'clock'>, stores: Pick<Stores, 'sites'>) {
  const { db, clock } = platform;
  const safetySignals = createSafetySignals({ rules: createSafetyRulesRepository(db), clock });
  const safetyRules = createSafetyRulesConsole({
    db,
    // The audit log is one table; this writer is the same as the console's.
    audit: createAuditService({ db, clock }),
    clock,
    signals: safetySignals,
    siteExists: async (siteId) => !!(await stores.sites.findById(siteId)),
    siteNames: () => stores.sites.names(),
  });
  return {
    safetySignals,
    safetyRules,
    /** What a profile save needs: the signals and where a held text waits. */
    profileScreening: { signals: safetySignals, heldTexts: createHeldTextsRepository(db) },
  };
}
