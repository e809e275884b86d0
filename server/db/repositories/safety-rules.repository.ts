import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { safetyRules, siteSafetySettings, type SafetyRuleRow, type SiteSafetySettingsRow } from '../schema/index';

export type NewSafetyRule = Pick<SafetyRuleRow, 'siteId' | 'language' | 'category' | 'kind' | 'value' | 'builtin' | 'createdAt' | 'createdBy'>;

/** The safety signals' lists and each site's choices about them (issue 32). */
export function createSafetyRulesRepository(db: Executor) {
  return {
    /** The live entries that apply on a site: its own and those for every site. */
    activeFor(siteId: number) {
      return db
        .select({ category: safetyRules.category, kind: safetyRules.kind, value: safetyRules.value, language: safetyRules.language })
        .from(safetyRules)
        .where(and(isNull(safetyRules.removedAt), or(isNull(safetyRules.siteId), eq(safetyRules.siteId, siteId))));
    },

    /** The console's list: live entries for every site, or for every site and one site. */
    listLive(siteId: number | null) {
      return db
        .select()
        .from(safetyRules)
        .where(
          and(isNull(safetyRules.removedAt), siteId === null ? isNull(safetyRules.siteId) : or(isNull(safetyRules.siteId), eq(safetyRules.siteId, siteId))),
        )
        .orderBy(asc(safetyRules.category), asc(safetyRules.language), asc(safetyRules.value));
    },

    /** Copies entries in once; one that exists already (live or removed) is left as it is. */
    async insertMissing(rows: NewSafetyRule[]): Promise<number> {
      if (!rows.length) return 0;
      const inserted = await db.insert(safetyRules).values(rows).onConflictDoNothing().returning({ id: safetyRules.id });
      return inserted.length;
    },

    /** The row of this very entry and scope, live or removed. */
    async findSame(entry: Pick<SafetyRuleRow, 'siteId' | 'language' | 'category' | 'kind' | 'value'>): Promise<SafetyRuleRow | null> {
      const [row] = await db
        .select()
        .from(safetyRules)
        .where(
          and(
            sql`coalesce(${safetyRules.siteId}, 0) = ${entry.siteId ?? 0}`,
            sql`coalesce(${safetyRules.language}, '') = ${entry.language ?? ''}`,
            eq(safetyRules.category, entry.category),
            eq(safetyRules.kind, entry.kind),
            eq(safetyRules.value, entry.value),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    /** Brings a removed entry back, as added now by this operator. */
    async restore(id: number, values: { createdAt: Date; createdBy: number | null }): Promise<SafetyRuleRow> {
      const [row] = await db
        .update(safetyRules)
        .set({ ...values, removedAt: null, removedBy: null })
        .where(eq(safetyRules.id, id))
        .returning();
      return row;
    },

    async insert(row: NewSafetyRule): Promise<SafetyRuleRow> {
      const [created] = await db.insert(safetyRules).values(row).returning();
      return created;
    },

    /** Holds a live entry until the transaction ends; null when it is gone or removed already. */
    async lockLive(id: number): Promise<SafetyRuleRow | null> {
      const [row] = await db
        .select()
        .from(safetyRules)
        .where(and(eq(safetyRules.id, id), isNull(safetyRules.removedAt)))
        .for('update')
        .limit(1);
      return row ?? null;
    },

    async markRemoved(id: number, values: { removedAt: Date; removedBy: number | null }): Promise<void> {
      await db.update(safetyRules).set(values).where(eq(safetyRules.id, id));
    },

    async findSettings(siteId: number): Promise<SiteSafetySettingsRow | null> {
      const [row] = await db.select().from(siteSafetySettings).where(eq(siteSafetySettings.siteId, siteId)).limit(1);
      return row ?? null;
    },

    async saveSettings(row: SiteSafetySettingsRow): Promise<void> {
      await db
        .insert(siteSafetySettings)
        .values(row)
        .onConflictDoUpdate({
          target: siteSafetySettings.siteId,
          set: { holdContactTexts: row.holdContactTexts, messagePolicy: row.messagePolicy, updatedAt: row.updatedAt },
        });
    },
  };
}

export type SafetyRulesRepository = ReturnType<typeof createSafetyRulesRepository>;
