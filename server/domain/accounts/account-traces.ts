import crypto from 'node:crypto';
import { isIP } from 'node:net';
import type { AccountTracesRepository } from '../../db/repositories/account-traces.repository';
import type { Clock } from '../shared/clock';
import type { ClientIdentity } from './login-guard';
import { hashToken } from './session-tokens';

/**
 * An IP address as one text whatever the socket reported: lower case, and an IPv4 address
 * mapped into IPv6 (`::ffff:1.2.3.4`, what a dual-stack listener gives) as the IPv4 address.
 * Null for anything that is not an address.
 */
export function normalizeIp(typed: string): string | null {
  const lower = typed.trim().toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(lower);
  const ip = mapped ? mapped[1] : lower;
  return isIP(ip) ? ip : null;
}

/**
 * The keyed hashes the console matches accounts by (issue 32). An IP address is hashed with a
 * key derived from the deployment's secret (a plain hash of 2^32 addresses is reversed in
 * minutes); the device cookie is 256 random bits, so its SHA-256 is enough, the same hash the
 * login guard keeps for trusted devices.
 */
export function createTraceHashes(secret: string) {
  const ipKey = crypto.createHmac('sha256', secret).update('account-traces:ip').digest();
  return {
    /** Null when it is not an IP address. */
    ip(typed: string): string | null {
      const ip = normalizeIp(typed);
      return ip && crypto.createHmac('sha256', ipKey).update(ip).digest('hex');
    },
    device: (deviceId: string) => hashToken(deviceId),
  };
}

export type TraceHashes = ReturnType<typeof createTraceHashes>;

/** Records where a sign-up or log-in came from: the hashes only, never the address itself. */
export function createAccountTraces(deps: { repository: AccountTracesRepository; hashes: TraceHashes; clock: Clock }) {
  return {
    async record(userId: number, client: ClientIdentity | undefined): Promise<void> {
      if (!client) return;
      const ipHash = deps.hashes.ip(client.ip);
      const traces = [
        ...(ipHash ? [{ kind: 'ip' as const, valueHash: ipHash }] : []),
        ...(client.deviceId ? [{ kind: 'device' as const, valueHash: deps.hashes.device(client.deviceId) }] : []),
      ];
      await deps.repository.record(userId, traces, deps.clock.now());
    },
  };
}

export type AccountTraces = ReturnType<typeof createAccountTraces>;
