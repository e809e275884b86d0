import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { profiles, sites, users, type SiteRow } from '../schema/index';

/** A member as a notification needs them: address, language, preferences, state, and their site. */
export interface MailRecipientRecord {
  userId: number;
  email: string;
  name: string;
  language: string;
  status: 'not_confirmed' | 'active' | 'deleted';
  isFictional: boolean;
  isBanned: boolean;
  notificationsDisabled: string[];
  emailNotificationsOff: string[];
  pushNotificationsOff: string[];
  site: SiteRow;
}

/**
 * The notification side of members' accounts: who a notification goes to, and the mail
 * switches that the member's unsubscribe links and the mail provider's events turn.
 */
export function createMailRecipientsRepository(db: Executor) {
  return {
    /** The member with their profile name and site in one query (a digest run asks this per mail). */
    async findRecipient(userId: number): Promise<MailRecipientRecord | null> {
      const [row] = await db
        .select({ user: users, name: profiles.name, site: sites })
        .from(users)
        .innerJoin(sites, eq(sites.id, users.siteId))
        .leftJoin(profiles, eq(profiles.id, users.id))
        .where(eq(users.id, userId))
        .limit(1);
      if (!row) return null;
      const { user } = row;
      return {
        userId: user.id,
        email: user.email,
        name: row.name ?? '',
        language: user.language,
        status: user.status,
        isFictional: user.isFictional,
        isBanned: user.bannedAt !== null,
        notificationsDisabled: user.notificationsDisabled,
        emailNotificationsOff: user.emailNotificationsOff,
        pushNotificationsOff: user.pushNotificationsOff,
        site: row.site,
      };
    },

    /** The oldest account that uses an address (the VERP token names it), or null when none does. */
    async findAccountIdOfAddress(email: string): Promise<number | null> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
        .orderBy(users.id)
        .limit(1);
      return row?.id ?? null;
    },

    /** Adds a kind to the member's e-mail kinds switched off; answers false when there is no such member. */
    async switchEmailKindOff(userId: number, kind: string): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({
          emailNotificationsOff: sql`case when ${users.emailNotificationsOff} @> ${JSON.stringify([kind])}::jsonb
            then ${users.emailNotificationsOff} else ${users.emailNotificationsOff} || ${JSON.stringify([kind])}::jsonb end`,
        })
        .where(eq(users.id, userId))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    /**
     * Stops all notification mail to an address for a reason (spec §4), on every account that
     * uses it: addresses are unique per site only, and the provider knows the address alone.
     * Answers how many accounts it touched.
     */
    async disableMailForAddress(email: string, reason: string): Promise<number> {
      const rows = await db
        .update(users)
        .set({
          notificationsDisabled: sql`case when ${users.notificationsDisabled} @> ${JSON.stringify([reason])}::jsonb
            then ${users.notificationsDisabled} else ${users.notificationsDisabled} || ${JSON.stringify([reason])}::jsonb end`,
        })
        .where(sql`lower(${users.email}) = lower(${email})`)
        .returning({ id: users.id });
      return rows.length;
    },

    /** "Send me mail again": the member fixed their address or wants mail after all. */
    async resumeMail(userId: number): Promise<void> {
      await db.update(users).set({ notificationsDisabled: [] }).where(eq(users.id, userId));
    },
  };
}

export type MailRecipientsRepository = ReturnType<typeof createMailRecipientsRepository>;
