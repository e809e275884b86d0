import crypto from 'node:crypto';

/**
 * Verifies a message's DKIM-Signature (RFC 6376, rsa-sha256, relaxed/relaxed) against a DNS
 * record's public key, offline: written from the RFC, independent of the signer under test.
 * Answers null when it verifies, else what failed.
 */
export function findDkimProblem(rawMessage: string, publicKeyBase64: string): string | null {
  const message = rawMessage.replace(/\r?\n/g, '\r\n');
  const split = message.indexOf('\r\n\r\n');
  const headerBlock = message.slice(0, split + 2);
  const body = message.slice(split + 4);
  const headers = unfoldHeaders(headerBlock);
  const signatures = headers.filter((header) => header.name.toLowerCase() === 'dkim-signature');
  if (signatures.length !== 1) return `expected one DKIM-Signature, found ${signatures.length}`;
  const signature = signatures[0];
  const tags = parseTags(signature.value);
  if (tags.a !== 'rsa-sha256') return `algorithm ${tags.a}`;
  if (tags.c !== 'relaxed/relaxed') return `canonicalization ${tags.c}`;
  const bodyHash = crypto.createHash('sha256').update(relaxedBody(body)).digest('base64');
  if (bodyHash !== tags.bh) return 'the body hash does not match';

  // Each name in h= takes the next instance from the bottom of the header block (§5.4.2).
  const used = new Map<string, number>();
  const signed = tags.h.split(':').map((name) => name.trim().toLowerCase());
  const lines: string[] = [];
  for (const name of signed) {
    const instances = headers.filter((header) => header.name.toLowerCase() === name && header !== signature);
    const taken = used.get(name) ?? 0;
    const header = instances[instances.length - 1 - taken];
    used.set(name, taken + 1);
    if (header) lines.push(relaxedHeader(header.name, header.value) + '\r\n');
  }
  const emptied = signature.value.replace(/(^|;)(\s*b\s*=)[^;]*/, '$1$2');
  lines.push(relaxedHeader(signature.name, emptied));
  const key = crypto.createPublicKey({ key: Buffer.from(publicKeyBase64, 'base64'), format: 'der', type: 'spki' });
  const ok = crypto.verify('sha256', Buffer.from(lines.join('')), key, Buffer.from(tags.b.replace(/\s+/g, ''), 'base64'));
  return ok ? null : 'the signature does not verify against the public key';
}

/** The DKIM-Signature's `d=` and `s=` tags. */
export function dkimTagsOf(rawMessage: string): Record<string, string> {
  const header = unfoldHeaders(rawMessage.replace(/\r?\n/g, '\r\n').split('\r\n\r\n')[0] + '\r\n').find((h) => h.name.toLowerCase() === 'dkim-signature');
  return header ? parseTags(header.value) : {};
}

function unfoldHeaders(block: string): { name: string; value: string }[] {
  const headers: { name: string; value: string }[] = [];
  for (const line of block.split('\r\n')) {
    if (!line) continue;
    if (/^[ \t]/.test(line) && headers.length) headers[headers.length - 1].value += '\r\n' + line;
    else {
      const colon = line.indexOf(':');
      headers.push({ name: line.slice(0, colon), value: line.slice(colon + 1) });
    }
  }
  return headers;
}

function parseTags(value: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const part of value.replace(/\r\n/g, '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) tags[part.slice(0, eq).trim()] = part.slice(eq + 1).replace(/\s+/g, '');
  }
  return tags;
}

/** §3.4.2: lower-case name, unfold, runs of whitespace to one space, none around the colon or at the end. */
function relaxedHeader(name: string, value: string): string {
  return `${name.trim().toLowerCase()}:${value
    .replace(/\r\n/g, '')
    .replace(/[ \t]+/g, ' ')
    .trim()}`;
}

/** §3.4.4: whitespace runs to one space, none at line ends, no empty lines at the end, one CRLF after a non-empty body. */
function relaxedBody(body: string): string {
  const lines = body.split('\r\n').map((line) => line.replace(/[ \t]+/g, ' ').replace(/ $/, ''));
  while (lines.length && lines[lines.length - 1] === '') lines.pop();
  return lines.length ? lines.join('\r\n') + '\r\n' : '';
}
