import { and, asc, desc, eq, isNull, or } from 'drizzle-orm';
import type { Executor } from '../client';
import { partnerCards } from '../schema/index';
import { siteCondition, type SiteIdFilter } from './site-scope-filter';

export type PartnerCardRow = typeof partnerCards.$inferSelect;
export type PartnerCardFields = Pick<typeof partnerCards.$inferInsert, 'siteId' | 'kind' | 'name' | 'age' | 'city' | 'url' | 'active' | 'sortOrder'>;

/** A site shows at most this many partner cards; more would crowd out its members. */
export const MAX_SHOWN_PARTNER_CARDS = 12;

/** Partner cards (issue 18): the console's list and edits, and the cards one site shows. */
export function createPartnerCardsRepository(db: Executor) {
  return {
    /** The active cards for a site: its own and those for every site, in the operators' order. */
    listShownOn(siteId: number): Promise<PartnerCardRow[]> {
      return db
        .select()
        .from(partnerCards)
        .where(and(eq(partnerCards.active, true), or(eq(partnerCards.siteId, siteId), isNull(partnerCards.siteId))))
        .orderBy(asc(partnerCards.sortOrder), asc(partnerCards.id))
        .limit(MAX_SHOWN_PARTNER_CARDS);
    },

    /**
     * Every card, or those of one site (its own and the all-sites ones), active ones first; of
     * the allowed sites only (null: every site), with the all-sites cards, which show on them too.
     */
    list(siteId: number | null, allowed: SiteIdFilter): Promise<PartnerCardRow[]> {
      const onSites = siteCondition(partnerCards.siteId, allowed);
      return db
        .select()
        .from(partnerCards)
        .where(
          and(
            siteId === null ? undefined : or(eq(partnerCards.siteId, siteId), isNull(partnerCards.siteId)),
            onSites && or(isNull(partnerCards.siteId), onSites),
          ),
        )
        .orderBy(desc(partnerCards.active), asc(partnerCards.sortOrder), asc(partnerCards.id));
    },

    async find(id: number): Promise<PartnerCardRow | null> {
      const [row] = await db.select().from(partnerCards).where(eq(partnerCards.id, id)).limit(1);
      return row ?? null;
    },

    /** Within a transaction: the card, held until it commits, so two edits never interleave. */
    async lock(id: number): Promise<PartnerCardRow | null> {
      const [row] = await db.select().from(partnerCards).where(eq(partnerCards.id, id)).for('update').limit(1);
      return row ?? null;
    },

    async insert(fields: PartnerCardFields, createdAt: Date): Promise<PartnerCardRow> {
      const [row] = await db
        .insert(partnerCards)
        .values({ ...fields, createdAt })
        .returning();
      return row;
    },

    async update(id: number, fields: Partial<PartnerCardFields> & { imageKey?: string | null }): Promise<PartnerCardRow> {
      const [row] = await db.update(partnerCards).set(fields).where(eq(partnerCards.id, id)).returning();
      return row;
    },
  };
}

export type PartnerCardsRepository = ReturnType<typeof createPartnerCardsRepository>;
