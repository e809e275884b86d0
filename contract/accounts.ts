import { z } from 'zod';
import { GENDERS, SEEKING } from './profile-options';
import { SUPPORTED_LANGUAGES } from './locales';
import { EmailAddress } from './email-address';
import { RecordIdParam, text } from './inputs';
import { MAIL_DISABLED_REASONS, NotificationSettings } from './notifications';

/** Profile photo as members see it (spec §3): null without a usable photo. */
export const MainImage = z.object({ filename: z.string(), thumb_filename: z.string(), status: z.enum(['active', 'pending', 'rejected']) }).nullable();

/** Just enough of another member to lead to them: name, age, city and photo. */
export const ProfileTeaser = z.object({ id: z.number().int(), name: z.string(), age: z.number().int(), city: z.string().nullable(), main_image: MainImage });
export type ProfileTeaser = z.infer<typeof ProfileTeaser>;

export const OwnProfile = z.object({
  id: z.number().int(),
  name: z.string(),
  country: z.string(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  status: z.enum(['active', 'disabled']),
  gender: z.enum(GENDERS),
  seeking: z.enum(SEEKING),
  date_of_birth: z.string(),
  main_image: MainImage,
});

/** `user` in user.php responses (spec §3 User). */
export const User = z.object({
  id: z.number().int(),
  status: z.enum(['not_confirmed', 'active', 'deleted']),
  email: z.string(),
  credits: z.number().int(),
  paid_user: z.boolean(),
  fictional_icon: z.string(),
  /** Why notification mail is stopped altogether (spec §4 reasons); empty when it flows. */
  notifications_disabled: z.array(z.enum(MAIL_DISABLED_REASONS)),
  notification_settings: NotificationSettings,
  language: z.enum(SUPPORTED_LANGUAGES),
  invisible: z.boolean(),
  created_at: z.string(),
  profile: OwnProfile,
});
export type User = z.infer<typeof User>;

export const UserResponse = z.object({ user: User });

const trimmed = text({ trim: true });

/** `POST /api/signup.php`. With `validate_only` it checks the fields given and stores nothing. */
export const SignupInput = z.object({
  email: trimmed.max(254).optional(),
  name: trimmed.max(60).optional(),
  password: text().max(1024).optional(),
  date_of_birth: text().max(10).optional(),
  gender: text().max(10).optional(),
  seeking: text().max(10).optional(),
  country: text().max(2).optional(),
  region: text().max(10).optional(),
  signup_message: text({ trim: true, multiline: true }).max(500).optional(),
  /** The writer saw the safety question about their first message (`message_safety_confirm`) and sends it anyway. */
  confirmed_safety: z.boolean().optional(),
  accept_terms: z.boolean().optional(),
  target_profile_id: RecordIdParam.optional(),
  network: trimmed.max(64).optional(),
  ref: trimmed.max(64).optional(),
  sub1: trimmed.max(128).optional(),
  sub2: trimmed.max(128).optional(),
  sub3: trimmed.max(128).optional(),
  validate_only: z.boolean().optional(),
});
export type SignupInput = z.infer<typeof SignupInput>;

export const SignupValidation = z.object({ valid: z.literal(true) });

export const LoginInput = z.object({
  email: trimmed.min(1).max(254),
  password: text().min(1).max(1024),
});

export const LanguageInput = z.object({ language: z.enum(SUPPORTED_LANGUAGES) });

/** `POST /api/password-reset.php`: the address to mail a link to, if it has an account. */
export const EmailInput = z.object({ email: EmailAddress });
export const TokenInput = z.object({ token: text().min(10).max(200) });

export const PasswordResetInput = z.object({
  token: text().min(10).max(200),
  password: text().max(1024),
  password_confirm: text().max(1024),
});

export const PasswordChangeInput = z.object({
  old_password: text().max(1024),
  new_password: text().max(1024),
  new_password_confirm: text().max(1024),
});

export const MailChangeInput = z.object({ email: trimmed.max(254), password: text().max(1024) });

export const DELETION_REASONS = ['found_partner', 'not_enough_members', 'too_expensive', 'privacy', 'not_interested', 'technical', 'other'] as const;
export const AccountDeletionInput = z.object({
  reason: z.enum(DELETION_REASONS),
  details: text({ trim: true, multiline: true }).max(1000).optional(),
  password: text().max(1024),
});

export const PrivacyModeInput = z.object({ invisible: z.boolean() });

export const OkResponse = z.object({ ok: z.literal(true) });
