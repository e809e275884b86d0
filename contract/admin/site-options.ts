import { z } from 'zod';

/**
 * The sites a console page's site picker offers (ADR 0060): only those the signed-in staff member
 * may see, by name. A platform runs a handful of brands, so the list is never paged.
 */
export const SiteOptions = z.array(z.object({ id: z.number().int(), name: z.string() }));
export type SiteOptions = z.infer<typeof SiteOptions>;
