import { z } from 'zod';

/** What two accounts have in common (issue 32): a sign-up or log-in IP address, a device cookie, an IBAN, a mobile number. */
export const SHARED_TRAITS = ['ip', 'device', 'iban', 'phone'] as const;
export type SharedTrait = (typeof SHARED_TRAITS)[number];

/** The most linked accounts the member page lists; a shared hotspot address could link thousands. */
export const MAX_LINKED_ACCOUNTS = 50;

/** `GET /api/admin/members/{id}/linked-accounts`: other accounts that share something with the member, most shared first. */
export const LinkedAccounts = z.object({
  items: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      email: z.string(),
      site_name: z.string(),
      banned: z.boolean(),
      shared: z.array(z.enum(SHARED_TRAITS)),
    }),
  ),
  /** True when there were more than the page lists. */
  has_more: z.boolean(),
});
export type LinkedAccounts = z.infer<typeof LinkedAccounts>;
