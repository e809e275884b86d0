import type { NewSafetyRuleInput, SafetyRuleEntry, SiteSafetySettings } from '../../../contract/admin/safety';
import type { SiteOptions } from '../../../contract/admin/site-options';
import type { Executor } from '../../db/client';
import { createSafetyRulesRepository } from '../../db/repositories/safety-rules.repository';
import type { SafetyRuleRow } from '../../db/schema/index';
import type { AuditService, StaffActor } from '../audit/audit.service';
import { AppError } from '../shared/app-error';
import type { Clock } from '../shared/clock';
import { siteOptionsFor } from '../staff/site-options';
import { isSiteAllowed, scopeOfActor, type SiteScope } from '../staff/site-scope';
import { normalizeRuleEntry } from './safety-rule-syntax';
import type { SafetySignals } from './safety-signals.service';

function present(row: SafetyRuleRow): SafetyRuleEntry {
  return {
    id: row.id,
    site_id: row.siteId,
    language: row.language,
    category: row.category,
    kind: row.kind,
    value: row.value,
    builtin: row.builtin,
    created_at: row.createdAt.toISOString(),
  };
}

const describe = (row: SafetyRuleRow) => ({ site_id: row.siteId, language: row.language, category: row.category, kind: row.kind, value: row.value });

/**
 * The console's side of the safety signals (issue 32): operators read, add and remove list
 * entries and set each site's choices. Every change and its audit row commit together, then
 * the signals drop their compiled copy so the next send uses the new lists.
 *
 * Site limits (ADR 0060): an entry of one site, and a site's choices, are of that site — staff
 * limited to other sites find none of them (404, as if missing). Entries for every site are read
 * by everyone who keeps the lists, but only staff who see every site add or remove them (403),
 * since they act on sites the others do not see.
 */
export function createSafetyRulesConsole(deps: {
  db: Executor;
  audit: AuditService;
  clock: Clock;
  signals: Pick<SafetySignals, 'invalidate' | 'choicesFor'>;
  siteExists: (siteId: number) => Promise<boolean>;
  /** Every site by name, for the pickers. */
  siteNames: () => Promise<SiteOptions>;
}) {
  const reader = createSafetyRulesRepository(deps.db);
  /** A site outside `scope` is answered as one that does not exist, before anything else is read. */
  const requireSite = async (siteId: number, scope: SiteScope) => {
    if (!isSiteAllowed(scope, siteId) || !(await deps.siteExists(siteId))) throw new AppError('not_found');
  };
  /** Entries for every site: changed only by staff who see every site. */
  const assertMayChangeEverySite = (scope: SiteScope) => {
    if (scope !== null) throw new AppError('safety_rule_every_site');
  };

  return {
    /** The entries for every site, and with `siteId` those of that site too; a site outside `scope` shows none. */
    async list(siteId: number | null, scope: SiteScope): Promise<SafetyRuleEntry[]> {
      if (siteId !== null && !isSiteAllowed(scope, siteId)) return [];
      return (await reader.listLive(siteId)).map(present);
    },

    /** The sites the lists can be shown for. */
    siteOptions: (scope: SiteScope) => siteOptionsFor({ names: deps.siteNames }, scope),

    /**
     * Adds an entry (its site checked first, then the entry checked and normalised: no regular
     * expressions, see `normalizeRuleEntry`). An entry removed before comes back; one that is live
     * is refused.
     */
    async add(actor: StaffActor, input: NewSafetyRuleInput): Promise<SafetyRuleEntry> {
      const scope = scopeOfActor(actor);
      if (input.site_id !== null) await requireSite(input.site_id, scope);
      else assertMayChangeEverySite(scope);
      const value = normalizeRuleEntry(input.kind, input.value);
      const entry = { siteId: input.site_id, language: input.language, category: input.category, kind: input.kind, value };
      const row = await deps.db.transaction(async (tx) => {
        const rules = createSafetyRulesRepository(tx);
        const same = await rules.findSame(entry);
        if (same && !same.removedAt) throw new AppError('safety_rule_taken');
        const at = deps.clock.now();
        const saved = same
          ? await rules.restore(same.id, { createdAt: at, createdBy: actor.id })
          : await rules.insert({ ...entry, builtin: false, createdAt: at, createdBy: actor.id });
        await deps.audit.record(tx, actor, { action: 'safety_rule.add', targetType: 'safety_rule', targetId: saved.id, after: describe(saved) });
        return saved;
      });
      deps.signals.invalidate();
      return present(row);
    },

    /** Takes an entry off its list (built-in ones too: the row stays, marked removed). */
    async remove(actor: StaffActor, id: number): Promise<void> {
      await deps.db.transaction(async (tx) => {
        const rules = createSafetyRulesRepository(tx);
        const row = await rules.lockLive(id);
        if (!row) throw new AppError('not_found');
        const scope = scopeOfActor(actor);
        if (row.siteId !== null && !isSiteAllowed(scope, row.siteId)) throw new AppError('not_found');
        if (row.siteId === null) assertMayChangeEverySite(scope);
        await rules.markRemoved(id, { removedAt: deps.clock.now(), removedBy: actor.id });
        await deps.audit.record(tx, actor, { action: 'safety_rule.remove', targetType: 'safety_rule', targetId: id, before: describe(row) });
      });
      deps.signals.invalidate();
    },

    async settings(siteId: number, scope: SiteScope): Promise<SiteSafetySettings> {
      await requireSite(siteId, scope);
      const choices = await deps.signals.choicesFor(siteId);
      return { hold_contact_texts: choices.holdContactTexts, message_policy: choices.messagePolicy };
    },

    async saveSettings(actor: StaffActor, siteId: number, input: SiteSafetySettings): Promise<SiteSafetySettings> {
      const before = await this.settings(siteId, scopeOfActor(actor));
      await deps.db.transaction(async (tx) => {
        await createSafetyRulesRepository(tx).saveSettings({
          siteId,
          holdContactTexts: input.hold_contact_texts,
          messagePolicy: input.message_policy,
          updatedAt: deps.clock.now(),
        });
        await deps.audit.record(tx, actor, { action: 'safety_settings.update', targetType: 'site', targetId: siteId, before, after: input });
      });
      deps.signals.invalidate();
      return input;
    },
  };
}

export type SafetyRulesConsole = ReturnType<typeof createSafetyRulesConsole>;
