import { ErrorCode } from '../../contract/errors';
import type { FuzzRequest } from './fuzz-requests';

export interface FuzzResponse {
  status: number;
  contentType: string;
  body: string;
}

/** English validator texts that must never reach a member (zod's own messages). */
const RAW_VALIDATOR_TEXT = /Too (small|big):|Invalid input|Invalid string|expected .+ to (be|have)|Unrecognized key|must match pattern/;

/**
 * What is wrong with one answer, or null: a server error, or a refused API call whose body is
 * not the contract's `{ error, message }` with translated field problems.
 */
export function findProblem(request: FuzzRequest, response: FuzzResponse): string | null {
  if (response.status >= 500) return `${response.status}`;
  if (response.status < 400 || !isApiCall(request) || request.method === 'HEAD') return null;
  if (!response.contentType.includes('application/json')) return `${response.status} without a JSON body (${response.contentType || 'no content type'})`;
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return `${response.status} with a body that is not JSON`;
  }
  const { error, message, fields } = (body ?? {}) as { error?: unknown; message?: unknown; fields?: unknown };
  if (!ErrorCode.safeParse(error).success) return `${response.status} with error ${JSON.stringify(error)}, not a contract error code`;
  if (typeof message !== 'string' || !message) return `${response.status} ${String(error)} without a message`;
  if (fields === undefined) return null;
  if (!Array.isArray(fields)) return `${response.status} ${String(error)} with fields that are not a list`;
  for (const field of fields as { field?: unknown; problem?: unknown }[]) {
    if (typeof field?.field !== 'string' || typeof field.problem !== 'string' || !field.problem)
      return `${response.status} ${String(error)} with a malformed field entry`;
    if (RAW_VALIDATOR_TEXT.test(field.problem)) return `${response.status} ${String(error)} shows raw validator text: ${field.problem}`;
  }
  return null;
}

/** The JSON API (the socket path and the API document are not JSON calls). */
function isApiCall(request: FuzzRequest): boolean {
  const path = request.url.split('?')[0];
  return path.startsWith('/api/') && !path.startsWith('/api/docs') && path !== '/api/ws';
}

/** Findings grouped by target and problem, most frequent first, for a readable failure. */
export function summarize(findings: { request: FuzzRequest; problem: string }[]): string[] {
  const groups = new Map<string, { count: number; example: FuzzRequest }>();
  for (const { request, problem } of findings) {
    const key = `${request.target} → ${problem}`;
    const group = groups.get(key);
    if (group) group.count += 1;
    else groups.set(key, { count: 1, example: request });
  }
  return [...groups.entries()]
    .sort((a, b) => b[1].count - a[1].count)
    .map(([key, { count, example }]) => {
      const body = example.body === undefined ? '' : ` body=${JSON.stringify(String(example.body).slice(0, 160))}`;
      return `${count}× ${key} — e.g. ${example.method} ${example.url.slice(0, 160)} ${JSON.stringify(example.headers['content-type'] ?? '')}${body}`;
    });
}
