import type { NewSafetyRuleInput, SafetyRuleEntry, SiteSafetySettings } from '../../../contract/admin/safety';
import type { Executor } from '../../db/client';
import { createSafetyRulesRepository } from '../../db/repositories/safety-rules.repository';
import type { SafetyRuleRow } from '../../db/schema/index';
import type { AuditService, StaffActor } from '../audit/audit.service';
import { AppError } from '../shared/app-error';
import type { Clock } from '../shared/clock';
import { assertSiteAllowed, scopeOfActor, type SiteScope } from '../staff/site-scope';
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
 */
export function createSafetyRulesConsole(deps: {
  db: Executor;
  audit: AuditService;
  clock: Clock;
  signals: Pick<SafetySignals, 'invalidate' | 'choicesFor'>;
  siteExists: (siteId: number) => Promise<boolean>;
}) {
  const reader = createSafetyRulesRepository(deps.db);
  const requireSite = async (siteId: number) => {
    if (!(await deps.siteExists(siteId))) throw new AppError('not_found');
  };

  return {
    async list(siteId: number | null): Promise<SafetyRuleEntry[]> {
      return (await reader.listLive(siteId)).map(present);
    },

    /**
     * Adds an entry (checked and normalised first: no regular expressions, see
     * `normalizeRuleEntry`). An entry removed before comes back; one that is live is refused.
     */
    async add(actor: StaffActor, input: NewSafetyRuleInput): Promise<SafetyRuleEntry> {
      const value = normalizeRuleEntry(input.kind, input.value);
      if (input.site_id !== null) await requireSite(input.site_id);
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
        await rules.markRemoved(id, { removedAt: deps.clock.now(), removedBy: actor.id });
        await deps.audit.record(tx, actor, { action: 'safety_rule.remove', targetType: 'safety_rule', targetId: id, before: describe(row) });
      });
      deps.signals.invalidate();
    },

    /** A site's choices; a site outside the staff member's scope is not found (ADR 0060). */
    async settings(siteId: number, scope: SiteScope): Promise<SiteSafetySettings> {
      assertSiteAllowed(scope, siteId);
      await requireSite(siteId);
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
