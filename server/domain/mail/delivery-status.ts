/** One header field of a message: its name in lower case and its unfolded value. */
export interface HeaderField {
  name: string;
  value: string;
}

/** What a delivery status notification (RFC 3464) says of its recipients. */
export type DeliveryOutcome =
  /** `Action: failed` with a 5.x.x status (or none): the address does not take mail. */
  | 'permanent'
  /** A 4.x.x status or `Action: delayed`: a full mailbox, a greylisting delay; the MTA tries again. */
  | 'temporary'
  /** `delivered`, `relayed` or `expanded`: a success report, nothing went wrong. */
  | 'none';

/** A message's header block and body, on either line ending. */
function splitMessage(raw: string): { head: string; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  return match ? { head: raw.slice(0, match.index), body: raw.slice(match.index + match[0].length) } : { head: raw, body: '' };
}

/** The fields of a header block (RFC 5322 §2.2.3: a line that starts with white space continues the one before). */
export function parseHeaderBlock(head: string): HeaderField[] {
  const fields: HeaderField[] = [];
  for (const line of head.split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && fields.length) {
      fields[fields.length - 1].value += ` ${line.trim()}`;
      continue;
    }
    const colon = line.indexOf(':');
    if (colon < 1) continue;
    fields.push({ name: line.slice(0, colon).trim().toLowerCase(), value: line.slice(colon + 1).trim() });
  }
  return fields;
}

/** The first value of a header of a raw message (the top-most, the one the last hop added). */
export function headerOfMessage(raw: string, name: string): string | undefined {
  return parseHeaderBlock(splitMessage(raw).head).find((field) => field.name === name.toLowerCase())?.value;
}

const mediaTypeOf = (contentType: string | undefined) => (contentType ?? 'text/plain').split(';')[0].trim().toLowerCase();

function boundaryOf(contentType: string): string | null {
  const match = /;\s*boundary\s*=\s*(?:"([^"]+)"|([^\s;]+))/i.exec(contentType);
  return match ? (match[1] ?? match[2]) : null;
}

/** The parts of a multipart body between its boundary lines (the preamble and epilogue dropped). */
function partsOf(body: string, boundary: string): string[] {
  const delimiter = `--${boundary}`;
  const lines = body.split(/\r?\n/);
  const parts: string[] = [];
  let current: string[] | null = null;
  for (const line of lines) {
    const trimmed = line.trimEnd();
    if (trimmed === delimiter || trimmed === `${delimiter}--`) {
      if (current) parts.push(current.join('\n'));
      if (trimmed.endsWith('--') && trimmed !== delimiter) return parts;
      current = [];
      continue;
    }
    current?.push(line);
  }
  return parts;
}

/** The body of the first `message/delivery-status` part, however deep in multiparts (a few levels). */
function findDeliveryStatus(raw: string, depth = 0): string | null {
  if (depth > 4) return null;
  const { head, body } = splitMessage(raw);
  const fields = parseHeaderBlock(head);
  const contentType = fields.find((field) => field.name === 'content-type')?.value;
  const type = mediaTypeOf(contentType);
  if (type === 'message/delivery-status' || type === 'message/global-delivery-status') {
    const encoding = fields.find((field) => field.name === 'content-transfer-encoding')?.value.toLowerCase();
    return encoding === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') : body;
  }
  if (!type.startsWith('multipart/') || !contentType) return null;
  const boundary = boundaryOf(contentType);
  if (!boundary) return null;
  for (const part of partsOf(body, boundary)) {
    const found = findDeliveryStatus(part, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** `Status: 5.1.1 (user unknown)` → `5.1.1`; RFC 3464 §2.3.4's class.subject.detail. */
const statusCodeOf = (value: string | undefined) => (value ? (/^([245])\.\d{1,3}\.\d{1,3}\b/.exec(value)?.[1] ?? null) : null);

/**
 * Reads a bounce: the outcome of its per-recipient fields (RFC 3464 §2.3), or null when the
 * message is no DSN at all (no `message/delivery-status` part, or one without a recipient's
 * `Action`). Any recipient that failed for good makes the whole report permanent: a DSN to a
 * VERP address is about one recipient, and a failure is the news that matters.
 */
export function readDeliveryStatus(raw: string): DeliveryOutcome | null {
  const report = findDeliveryStatus(raw);
  if (report === null) return null;
  // Field groups are separated by blank lines: the per-message group, then one per recipient.
  const groups = report
    .split(/\r?\n[ \t]*\r?\n/)
    .map(parseHeaderBlock)
    .filter((group) => group.some((field) => field.name === 'action'));
  if (!groups.length) return null;
  let outcome: DeliveryOutcome = 'none';
  for (const group of groups) {
    const action = group
      .find((field) => field.name === 'action')!
      .value.split(/[\s;(]/)[0]
      .toLowerCase();
    const status = statusCodeOf(group.find((field) => field.name === 'status')?.value);
    if (action === 'failed' && (status === '5' || status === null)) return 'permanent';
    if (action === 'failed' || action === 'delayed') outcome = 'temporary';
  }
  return outcome;
}
