import { z } from 'zod';

/**
 * Every error the API can answer with. The code travels to the client, which shows the
 * text under `errors.<code>` in the member's language; the server sends the same text in
 * `message` so that outside clients need no catalogue.
 */
export const ErrorCode = z.enum([
  /** A request's body, query or parameters do not match the call's schema. */
  'validation_failed',
  /** The route or the record asked for does not exist (or is not the caller's to see). */
  'not_found',
  /** A page (or other address) asked with a method it does not take, e.g. `POST /`; `Allow` lists the ones it does. */
  'method_not_allowed',
  /** The call needs a logged-in member and there is none. */
  'authentication_required',
  /** A state-changing request arrived without a valid CSRF proof. */
  'csrf_failed',
  /** Too many requests from one address in a short time. */
  'rate_limited',
  /** Anything unexpected; details are logged, never sent. */
  'internal_error',
  /** A request body over the call's size limit (`kilobytes`), refused before it is read (ADR 0052). */
  'body_too_large',
  /** A JSON body that nests arrays or objects deeper than `depth` levels, refused before it is parsed (ADR 0052). */
  'body_too_deep',
  /** A request body that did not arrive in time; the connection is closed (ADR 0052). */
  'request_timeout',

  // Sign-up (spec §5); each also names its field in `fields`.
  /** The username equals the e-mail address. */
  'username_equals_email',
  /** The username starts with "@". */
  'username_starts_with_at',
  /** The username is empty, too short, too long or has characters we do not allow. */
  'username_invalid',
  /** No date of birth, or one that makes the member younger than the minimum age. */
  'date_of_birth_required',
  /** A date of birth that is not a real date or lies implausibly far back. */
  'date_of_birth_invalid',
  /** A profile (fictional ones too) whose date of birth makes the person younger than `min_age`; the console's wording. */
  'date_of_birth_under_age',
  /** Not an e-mail address (`suggestion` may hold a corrected one). */
  'email_invalid',
  /** The e-mail address already has an account on this site. */
  'email_taken',
  /** Password shorter than 8 characters. */
  'password_too_short',
  /** Password longer than 128 characters. */
  'password_too_long',
  /** A password too easy to guess (zxcvbn score below 3): common passwords and words, repeats, the member's own name or e-mail. */
  'password_too_common',
  /** Gender, seeking or country missing or not offered. */
  'choice_required',
  /** The terms were not accepted. */
  'terms_required',
  /** The site accepts sign-ups only from a traffic source and none came with this one. */
  'signups_closed',

  // Log-in and account state (spec §8).
  /** Wrong e-mail or password — deliberately the same text for both. */
  'login_failed',
  /** Too many failed log-ins: the account is blocked for `minutes`. */
  'account_locked',
  /** The account was deleted and waits out its 14-day reactivation window. */
  'account_pending_deletion',
  /** The action needs a confirmed e-mail address. */
  'email_not_confirmed',

  // E-mail links and passwords.
  /** More reset e-mails than allowed in a day. */
  'reset_limit_reached',
  /** A link that is unknown, used or expired. */
  'link_invalid',
  /** An activation link that does not work. */
  'activation_failed',
  /** Password and its repetition differ. */
  'passwords_differ',
  /** The current password given for a change is wrong. */
  'old_password_wrong',
  /** The password that confirms an e-mail change or a deletion is wrong. */
  'current_password_wrong',
  /** The new e-mail address for a change is not valid. */
  'new_email_invalid',
  /** The new e-mail address for a change already has an account. */
  'email_exists',

  // Profiles and discovery.
  /** The profile's owner blocked the viewer (`name` is the owner's). */
  'blocked_by',
  /** The viewer blocked this member, or they block each other: no contact. */
  'blocked',
  /** Free members have 3 photos, premium members 25 (`limit`). */
  'photo_limit_reached',
  /** The upload is not an image we can read. */
  'photo_not_an_image',
  /** The upload is over 10 MB or too many pixels. */
  'photo_too_large',
  /** The upload is not JPEG, PNG or WebP, or its type and content disagree. */
  'photo_unsupported_type',
  /** The image is smaller than 200 pixels on a side. */
  'photo_too_small',
  /** The swipe game's likes for today are used up (`limit`). */
  'swipe_limit_reached',
  /** This site shows search to members only. */
  'search_login_required',
  /** Members cannot like, block or write to themselves. */
  'not_yourself',

  // Chat and credits.
  /** The balance does not cover the paid action (spec §8). */
  'insufficient_credits',
  /** The undo of a chat deletion came after its window closed; the chat stays deleted. */
  'chat_undo_expired',
  /** A free member tried to start more conversations than the site allows (`limit`). */
  'conversation_limit_reached',
  /** A message longer than the site's message_length (`max`). */
  'message_too_long',
  /** An empty message. */
  'message_empty',
  /** The gift is not in the catalogue, or this site does not offer it. */
  'gift_not_offered',

  // Payments (spec §5, §8).
  /** The provider reported the payment failed, cancelled or expired. */
  'payment_failed',
  /** A stored-card payment was declined; the member may retry or pay with PayPal. */
  'card_payment_failed',
  /** The payment method is not offered for the member's payment country or this site. */
  'payment_method_unavailable',
  /** The payment provider could not be reached or refused to start the payment. */
  'payment_provider_unavailable',
  /** The deployment has no payment provider configured: nothing can be bought. */
  'payments_unavailable',
  /** A provider notification whose signature does not verify. */
  'webhook_signature_invalid',
  /** The mail-events webhook is off (answered as not found): no `MAIL_EVENTS_SECRET` is configured, so no event can be trusted. */
  'mail_events_unavailable',
  /** There is no earlier order to repeat. */
  'no_previous_order',
  /** The order was not paid, is past the refund window, or has no unused credits left. */
  'refund_unavailable',
  /** Discount code unknown (or not this member's). */
  'discount_code_not_found',
  /** A code that may be used once has been used. */
  'discount_code_used',
  /** A single-use code (or first-purchase discount) held by another order that is not finished yet. */
  'discount_code_reserved',
  /** The code's time is over. */
  'discount_code_expired',
  /** The order is below the code's minimum order value (`amount`). */
  'discount_code_minimum',
  /** The code is for another country. */
  'discount_code_country',
  /** The code is not valid for this payment method. */
  'discount_code_payment_method',
  /** The IBAN does not check out. */
  'iban_invalid',
  /** The direct-debit mandate was not agreed to. */
  'mandate_consent_required',
  /** Wrong or expired SMS code. */
  'sms_code_invalid',
  /** A new SMS code was asked for too soon or too often. */
  'sms_resend_limit',
  /** An operator blocked the member for direct debit. */
  'direct_debit_blocked',
  /** The member's direct debits this month would exceed the site's limit. */
  'direct_debit_limit_reached',
  /** The mobile number for the SEPA code cannot be a phone number. */
  'mobile_invalid',
  /** A chargeback or returned direct debit left the member owing money: no purchase until it is settled or waived (issue 33). */
  'payment_debt_outstanding',

  // The operators' console (issue 16).
  /** A console call without a signed-in (and second-factor verified) staff member. */
  'staff_authentication_required',
  /** The staff member's role may not do this, or the caller is a member, not staff. */
  'staff_forbidden',
  /** The TOTP or recovery code is wrong or was already used. */
  'second_factor_invalid',
  /** Someone else changed the record since it was loaded; reload and try again. */
  'version_conflict',
  /** The last active owner cannot be demoted or disabled. */
  'last_owner',
  /** An invited account becomes active by its own enrolment, not by an owner. */
  'staff_not_enrolled',
  /** Resending or withdrawing an invitation the person has already accepted (or one withdrawn already). */
  'staff_not_invited',
  /** Limiting a staff member to a site that does not exist (ADR 0060). */
  'staff_site_unknown',
  /**
   * Staff limited to chosen sites doing what reaches every site: creating a site, or changing a
   * partner card or discount code that is for all sites (ADR 0060).
   */
  'staff_sites_limited',
  /** Assigning a report to a staff member limited to other sites than the report's (ADR 0060). */
  'report_assignee_site_not_allowed',
  /** Setting up a second factor for a session whose account already has one (or a session already verified). */
  'second_factor_set',
  /** Another site already answers to this host name (as its domain or an alias). */
  'site_host_taken',
  /** A site sells at most `MAX_BUNDLES_PER_SITE` credit bundles. */
  'too_many_bundles',
  /** A site theme with a text/background pair below WCAG AA (`pair`, `ratio`, `foreground`, `background`, `minimum`). */
  'theme_contrast_too_low',
  /** The site of this host was disabled by its operator. */
  'site_unavailable',
  /** Settling or waiving the debt of a chargeback that leaves none, or whose debt was closed already. */
  'chargeback_no_debt',
  /** Booking a SEPA return on an order the site did not collect itself by mandate, or that is not paid and credited. */
  'sepa_return_not_applicable',
  /** A SEPA return dated in the future or before the order was paid. */
  'sepa_return_date_invalid',
  /** A new discount code whose text another code has already (in any case). */
  'discount_code_taken',
  /** A new discount code that would expire before it is made. */
  'discount_expiry_past',
  /** A discount code for a member id that no member has. */
  'discount_member_unknown',
  /** A discount code for a site id that no site has. */
  'discount_site_unknown',
  /** Order totals asked for without a date range, or for more than `days` days. */
  'order_totals_range',

  // Moderation and reports (issue 16).
  /** Another moderator already decided on this photo or text. */
  'already_reviewed',
  /** Before the first paid message to a fictional profile the member confirms its warning and `price` once. */
  'fictional_confirmation_required',
  /** Another host holds this conversation with a fictional profile (a claim lapses after some minutes). */
  'conversation_claimed',
  /** An operator banned the account: it cannot sign in, and the member is shown the access-ban page. */
  'account_banned',
  /** An operator suspended the account until `until` (UTC): it cannot sign in before then. */
  'account_suspended',
  /** A suspension's end that is not in the future, or more than `max` days ahead (then it is a ban). */
  'suspension_end_invalid',
  /** A support refund above the refund limit the owner set for this staff member (`limit`). */
  'refund_over_limit',
  /** A credit correction would take the balance below zero (`credits` is the balance). */
  'credits_below_zero',
  /**
   * Goodwill credits above the giver's limits (issue 33): `left` is how many they may still give
   * now (the smaller of the per-grant limit and what the 30 days leave; 0 when they may give none).
   */
  'goodwill_over_limit',
  /** A partial refund of more credits than the order still has unused (`credits` is what it has). */
  'refund_over_unused',
  /** The console cannot do this to a deleted account. */
  'member_deleted',

  // Safety signals (issue 32).
  /** A message with contact details, a money request or an off-site move: the sender confirms it once (`reason`, a category). */
  'message_safety_confirm',
  /** The site does not let such a message through at all (`reason`, a category). */
  'message_safety_blocked',
  /** A host's answer as a fictional profile with contact or payment details, a money request or an off-site move (`found`, the categories). */
  'host_reply_unsafe',
  /** A safety list entry with characters outside the small pattern syntax (regular expressions are refused). */
  'safety_pattern_invalid',
  /** A pattern with too many wildcards (`max`), two side by side, or fewer than two letters or digits. */
  'safety_pattern_too_loose',
  /** A word entry that is not one single word. */
  'safety_word_not_single',
  /** A safety list entry longer than `max` characters. */
  'safety_rule_too_long',
  /** The entry is already on this list. */
  'safety_rule_taken',
  /** Adding or removing a safety entry for every site as staff limited to some sites (ADR 0060). */
  'safety_rule_every_site',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const ErrorBody = z.object({
  error: ErrorCode,
  message: z.string(),
  /** Which fields are wrong and why; `code` is set where the problem has its own text. */
  fields: z
    .array(
      z.object({
        field: z.string(),
        problem: z.string(),
        code: ErrorCode.optional(),
        /** On a console call: the field as the operator sees it (issue 32). */
        label: z.string().optional(),
      }),
    )
    .optional(),
  /** A corrected value to offer ("did you mean …"). */
  suggestion: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
