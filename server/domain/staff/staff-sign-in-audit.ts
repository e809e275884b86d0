import { isEmailAddress } from '../../../contract/email-address';
import type { Executor } from '../../db/client';
import type { StaffRow } from '../../db/schema/index';
import type { ClientIdentity } from '../accounts/login-guard';
import type { AuditActor, AuditService, StaffActor } from '../audit/audit.service';

/** Why a console sign-in failed, as the audit log names it. */
export type SignInFailure = 'unknown_address' | 'not_active' | 'wrong_password' | 'wrong_code' | 'locked';

/** How a sign-in was completed: the authenticator's code, a recovery code, or a second factor set up just now. */
export type SignInMethod = 'totp' | 'recovery_code' | 'new_second_factor';

/**
 * Console sign-ins, good and failed, in the audit log with the client's address. Never a
 * password or code: a failure records only its reason, and the typed address only when it is an
 * address at all (someone who typed their password into the address field must not find it in
 * the log).
 */
export function createSignInAudit(deps: { db: Executor; audit: AuditService }) {
  const actorOf = (member: StaffRow, client: ClientIdentity): StaffActor => ({ id: member.id, email: member.email, role: member.role, ip: client.ip });
  return {
    succeeded: (member: StaffRow, client: ClientIdentity, method: SignInMethod) =>
      deps.audit.record(deps.db, actorOf(member, client), { action: 'staff.sign_in', targetType: 'staff', targetId: member.id, after: { method } }),

    failed(member: StaffRow | null, typedEmail: string, client: ClientIdentity, reason: SignInFailure) {
      const actor: AuditActor = member
        ? actorOf(member, client)
        : { id: null, email: isEmailAddress(typedEmail) ? typedEmail : '(not an address)', role: 'anonymous', ip: client.ip };
      return deps.audit.record(deps.db, actor, { action: 'staff.sign_in_failed', targetType: 'staff', targetId: member?.id ?? null, after: { reason } });
    },
  };
}

export type SignInAudit = ReturnType<typeof createSignInAudit>;
