import { PUSH_NOTIFICATION_TYPES, type NotificationType } from '../../../contract/notifications';
import type { ReachFacts } from '../../db/repositories/notification-facts.repository';

/**
 * Whether any channel could still carry this kind to the member: a rule stops here before its
 * further reads. The notifier decides again per channel when it sends (it is the one door);
 * this only saves work for fictional profiles and members who switched the kind off everywhere.
 */
export function canReach(facts: ReachFacts, kind: NotificationType): boolean {
  if (facts.fictional) return false;
  const mail = facts.mailDisabled.length === 0 && !facts.emailOff.includes(kind);
  const push = (PUSH_NOTIFICATION_TYPES as readonly NotificationType[]).includes(kind) && !facts.pushOff.includes(kind);
  return mail || push;
}
