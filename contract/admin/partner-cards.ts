import { z } from 'zod';
import { plainName, RecordId, RecordIdParam, text } from '../inputs';
import { PartnerCardKind, PartnerUrl } from '../partner-cards';

/**
 * Partner cards in the console (issue 18): list, add, edit, deactivate, and an image upload
 * (multipart, re-encoded like members' photos). The bodies are strict: an unknown field is a 400.
 */
export const AdminPartnerCard = z.object({
  id: z.number().int(),
  /** Null: shown on every site that resells. */
  site_id: z.number().int().nullable(),
  kind: PartnerCardKind,
  name: z.string(),
  age: z.number().int().nullable(),
  city: z.string(),
  image: z.string().nullable(),
  /** As entered, without the tracking a site adds when it shows the card. */
  url: z.string(),
  active: z.boolean(),
  sort_order: z.number().int(),
  created_at: z.string(),
});
export type AdminPartnerCard = z.infer<typeof AdminPartnerCard>;

const name = plainName(60);
const fields = {
  site_id: RecordId.nullable(),
  kind: PartnerCardKind,
  name,
  age: z.number().int().min(18).max(99).nullable(),
  city: text({ trim: true }).max(80),
  url: PartnerUrl,
  active: z.boolean(),
  sort_order: z.number().int().min(-1000).max(1000),
};

export const PartnerCardsQuery = z.object({ site_id: RecordIdParam.optional() });
export const PartnerCardsList = z.object({ items: z.array(AdminPartnerCard) });
export const CreatePartnerCardInput = z
  .object({
    ...fields,
    site_id: fields.site_id.default(null),
    age: fields.age.default(null),
    city: fields.city.default(''),
    active: fields.active.default(true),
    sort_order: fields.sort_order.default(0),
  })
  .strict();
export type CreatePartnerCardInput = z.infer<typeof CreatePartnerCardInput>;
export const UpdatePartnerCardInput = z.object(fields).partial().strict();
export type UpdatePartnerCardInput = z.infer<typeof UpdatePartnerCardInput>;
export const PartnerCardIdParams = z.object({ id: RecordIdParam });
