import { findProblem, type FuzzResponse } from './fuzz-check';
import type { FuzzRequest } from './fuzz-requests';

export interface FuzzTransport {
  /** Sends one request, with the session cookie when given. */
  send(request: FuzzRequest, sessionCookie: string | null): Promise<FuzzResponse>;
}

export interface FuzzSession {
  /** The signed-in member's session cookie value. */
  cookie(): Promise<string>;
  /** Called after a signed-in call changed something: a password change or a log-in may have ended the session. */
  check(): Promise<void>;
}

export interface FuzzReport {
  sent: number;
  serverErrors: number;
  findings: { request: FuzzRequest; problem: string }[];
  /** How many answers had each status, e.g. { 200: 812, 400: 1630 }. */
  statuses: Record<number, number>;
}

/**
 * Sends the requests one after another and records every answer that breaks the contract: a
 * 5xx, a refused API call without a well-formed `{ error, message }`, and anything the server
 * logged as an error meanwhile (`drainLoggedErrors`).
 */
export async function runFuzz(
  requests: FuzzRequest[],
  transport: FuzzTransport,
  session: FuzzSession,
  drainLoggedErrors: () => string[] = () => [],
): Promise<FuzzReport> {
  const report: FuzzReport = { sent: 0, serverErrors: 0, findings: [], statuses: {} };
  for (const request of requests) {
    const response = await transport.send(request, request.signedIn ? await session.cookie() : null);
    report.sent += 1;
    report.statuses[response.status] = (report.statuses[response.status] ?? 0) + 1;
    if (response.status >= 500) report.serverErrors += 1;
    const problem = findProblem(request, response);
    if (problem) report.findings.push({ request, problem });
    for (const logged of drainLoggedErrors()) report.findings.push({ request, problem: `logged: ${logged}` });
    if (request.signedIn && response.status < 300 && request.method !== 'GET' && request.method !== 'HEAD') await session.check();
  }
  return report;
}
