import { named, text } from './inputs';
import { isEmailAddress, MAX_EMAIL_ADDRESS_LENGTH } from './email-address-rule';

export { isEmailAddress, MAX_EMAIL_ADDRESS_LENGTH, MAX_LOCAL_PART_LENGTH } from './email-address-rule';

/** An e-mail address as an API field: trimmed, then `isEmailAddress`. */
export const EmailAddress = text({ trim: true })
  .min(1)
  .max(MAX_EMAIL_ADDRESS_LENGTH)
  .refine(isEmailAddress, named('email_address', 'must be an e-mail address'));

/** An e-mail address, or empty for "none" (e.g. a site's support address). */
export const OptionalEmailAddress = text({ trim: true })
  .max(MAX_EMAIL_ADDRESS_LENGTH)
  .refine((value) => value === '' || isEmailAddress(value), named('email_address', 'must be an e-mail address'));
