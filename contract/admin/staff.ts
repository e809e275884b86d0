import { z } from 'zod';
import { EmailAddress } from '../email-address';
import { plainName, RecordIdParam, text } from '../inputs';
import { SUPPORTED_LANGUAGES } from '../locales';
import { STAFF_ROLES } from './roles';

export const StaffMember = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  status: z.enum(['invited', 'active', 'disabled']),
  refund_limit_credits: z.number().int(),
  /** Goodwill credits this staff member may give at once and in any 30 days (issue 33); 0 = none. Owners are not limited. */
  goodwill_per_grant: z.number().int(),
  goodwill_per_30_days: z.number().int(),
  /** The sites this member works on (ADR 0060); empty for every site. Always empty for an owner. */
  site_ids: z.array(z.number().int()),
  two_factor: z.boolean(),
  recovery_codes_left: z.number().int(),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
  /** The language they chose for the console (issue 32); the console shows English where a language has no texts yet. */
  console_language: z.enum(SUPPORTED_LANGUAGES),
  /** For edits: a change made from an older version is refused (409 version_conflict). */
  version: z.number().int(),
});
export type StaffMember = z.infer<typeof StaffMember>;

const email = EmailAddress;
const name = plainName(80);
/** Six digits from the authenticator app, or a recovery code like 7KQ2-M9XD-4TPA. */
const code = text({ trim: true })
  .min(6)
  .max(20)
  .regex(/^[A-Za-z0-9 -]+$/, 'must be a code');
const token = text()
  .min(20)
  .max(200)
  .regex(/^[\w-]+$/, 'must be a link token');

export const StaffSignInInput = z.object({ email: text({ trim: true }).min(1).max(254), password: text().min(1).max(1024) });
export const SecondFactorInput = z.object({ code });
/**
 * Where sign-in stands: the password is done and the code is next (or, after an owner reset the
 * second factor, setting up an authenticator app again), or the console is open.
 */
export const StaffSessionResponse = z.object({ step: z.enum(['second_factor', 'enrol_second_factor', 'signed_in']), staff: StaffMember.nullable() });

export const InvitationQuery = z.object({ token });
export const InvitationResponse = z.object({ email: z.string(), role: z.enum(STAFF_ROLES), name: z.string() });
export const EnrolmentInput = z.object({ token, name, password: text().min(1).max(1024) });
/** The TOTP secret to add to an authenticator app: as a QR code and for typing in. */
export const EnrolmentResponse = z.object({ otpauth_uri: z.string(), secret: z.string(), qr_svg: z.string() });
export const EnrolmentConfirmInput = z.object({ token, code });
/** Setting up the second factor again at sign-in (after an owner's reset): the first code from the new app. */
export const SecondFactorEnrolmentConfirmInput = z.object({ code });
/** Shown once: the recovery codes, and the console is open. */
export const EnrolmentConfirmResponse = z.object({ recovery_codes: z.array(z.string()), staff: StaffMember });

/**
 * The sites to limit a staff member to (ADR 0060): none for every site. Each id once; owners are
 * never limited, so an owner's list must stay empty.
 */
const siteIds = z
  .array(z.number().int().min(1).max(2_147_483_647))
  .max(500)
  .refine((ids) => new Set(ids).size === ids.length, 'each site once');

export const InviteStaffInput = z.object({ email, role: z.enum(STAFF_ROLES), name: name.optional(), site_ids: siteIds.optional() });
export const InviteStaffResponse = z.object({ staff: StaffMember, invitation_url: z.string() });
export const UpdateStaffInput = z.object({
  version: z.number().int().min(1),
  role: z.enum(STAFF_ROLES).optional(),
  status: z.enum(['active', 'disabled']).optional(),
  refund_limit_credits: z.number().int().min(0).max(1_000_000).optional(),
  goodwill_per_grant: z.number().int().min(0).max(1_000_000).optional(),
  goodwill_per_30_days: z.number().int().min(0).max(1_000_000).optional(),
  site_ids: siteIds.optional(),
});
/** An owner resets someone's second factor (lost phone and codes), from the version they saw. */
export const ResetTwoFactorInput = z.object({ version: z.number().int().min(1) });
/** A staff member's own console language, chosen in the console's account menu. */
export const ConsoleLanguageInput = z.object({ language: z.enum(SUPPORTED_LANGUAGES) });
export const StaffListResponse = z.object({ staff: z.array(StaffMember) });
export const StaffIdParams = z.object({ id: RecordIdParam });
