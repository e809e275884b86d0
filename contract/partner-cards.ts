import { z } from 'zod';
import { named, text } from './inputs';

/**
 * Partner cards (spec §2 cam-profile card, kinds `cam` and `resell`): offers of partner sites
 * that a site with `member_resell` on shows among its search results. They are not members:
 * never counted in `numResults`, never linking to a profile here, always marked as a partner
 * offer and opening the partner's page in a new tab.
 */
export const PARTNER_CARD_KINDS = ['cam', 'resell'] as const;
export const PartnerCardKind = z.enum(PARTNER_CARD_KINDS);
export type PartnerCardKind = z.infer<typeof PartnerCardKind>;

/** One partner card as search shows it; `url` already carries the site's tracking. */
export const PartnerCard = z.object({
  id: z.number().int(),
  kind: PartnerCardKind,
  name: z.string(),
  age: z.number().int().nullable(),
  city: z.string(),
  /** The re-encoded card image, or null until the operator uploads one. */
  image: z.string().nullable(),
  url: z.string(),
});
export type PartnerCard = z.infer<typeof PartnerCard>;

export { PARTNER_CARD_EVERY } from './discovery-limits';

/**
 * A partner's address as an operator may enter it: absolute https, with a host name, and no
 * user name or password in it (those would end up in every member's browser history).
 */
export function isPartnerUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password;
}

export const PartnerUrl = text({ trim: true }).max(500).refine(isPartnerUrl, named('https_address', 'must be an https address (https://…)'));
