import type { StaffMember } from '../../../contract/admin/staff';
import type { StaffRow } from '../../db/schema/index';

/** A staff account as the console shows it: never its password hash, TOTP secret or codes. */
export function presentStaff(row: StaffRow): StaffMember {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    status: row.status,
    refund_limit_credits: row.refundLimitCredits,
    goodwill_per_grant: row.goodwillPerGrant,
    goodwill_per_30_days: row.goodwillPer30Days,
    site_ids: [...row.siteIds],
    two_factor: row.totpConfirmedAt !== null,
    recovery_codes_left: row.recoveryCodeHashes.length,
    created_at: row.createdAt.toISOString(),
    last_login_at: row.lastLoginAt?.toISOString() ?? null,
    console_language: row.consoleLanguage,
    version: row.version,
  };
}

/** The fields of a staff row an audit entry may show (no secrets). */
export function auditableStaff(row: StaffRow) {
  return {
    email: row.email,
    name: row.name,
    role: row.role,
    status: row.status,
    refund_limit_credits: row.refundLimitCredits,
    goodwill_per_grant: row.goodwillPerGrant,
    goodwill_per_30_days: row.goodwillPer30Days,
    site_ids: [...row.siteIds],
    two_factor: row.totpConfirmedAt !== null,
    recovery_codes_left: row.recoveryCodeHashes.length,
    console_language: row.consoleLanguage,
  };
}
