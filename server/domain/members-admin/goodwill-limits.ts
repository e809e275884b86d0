import type { StaffActor } from '../audit/audit.service';

/** The window the per-period goodwill limit counts over (issue 33). */
export const GOODWILL_WINDOW_MS = 30 * 86_400_000;

/** Owners set the limits and are not held by them; the command line is an owner's tool. */
export const isGoodwillUnlimited = (actor: StaffActor) => actor.role === 'owner' || actor.role === 'system';

/**
 * How many goodwill credits a staff member may still give in one grant now: the smaller of their
 * per-grant limit and what their 30-day limit leaves after `givenIn30Days`. A limit of 0 means
 * none: both limits must be set for someone to give anything.
 */
export function goodwillLeft(limits: { goodwillPerGrant: number; goodwillPer30Days: number }, givenIn30Days: number): number {
  return Math.max(0, Math.min(limits.goodwillPerGrant, limits.goodwillPer30Days - givenIn30Days));
}
