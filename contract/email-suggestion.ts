/** Mail domains common among European members; typos of these get a "did you mean" hint. */
const POPULAR_DOMAINS = [
  'gmail.com',
  'googlemail.com',
  'hotmail.com',
  'hotmail.co.uk',
  'hotmail.fr',
  'hotmail.de',
  'hotmail.nl',
  'hotmail.it',
  'outlook.com',
  'live.com',
  'live.nl',
  'msn.com',
  'yahoo.com',
  'yahoo.co.uk',
  'yahoo.fr',
  'yahoo.de',
  'icloud.com',
  'me.com',
  'aol.com',
  'gmx.de',
  'gmx.net',
  'gmx.at',
  'gmx.ch',
  'web.de',
  't-online.de',
  'freenet.de',
  'orange.fr',
  'free.fr',
  'laposte.net',
  'sfr.fr',
  'wanadoo.fr',
  'libero.it',
  'virgilio.it',
  'tiscali.it',
  'ziggo.nl',
  'kpnmail.nl',
  'planet.nl',
  'telenet.be',
  'skynet.be',
  'wp.pl',
  'onet.pl',
  'o2.pl',
  'interia.pl',
  'seznam.cz',
  'bluewin.ch',
  'online.no',
  'telia.com',
  'jubii.dk',
  'proton.me',
  'protonmail.com',
];

/**
 * For an address whose domain is one or two typing mistakes away from a popular mail domain,
 * the corrected address (spec §5 'did you mean'); otherwise null. Shared: the sign-up form shows
 * it as the address is typed, and the server names it beside a refused address.
 */
export function suggestEmailCorrection(email: string): string | null {
  const at = email.lastIndexOf('@');
  if (at < 1) return null;
  const domain = email.slice(at + 1).toLowerCase();
  if (POPULAR_DOMAINS.includes(domain)) return null;
  let best: { domain: string; distance: number } | null = null;
  for (const candidate of POPULAR_DOMAINS) {
    const distance = editDistance(domain, candidate);
    if (distance <= 2 && (!best || distance < best.distance)) best = { domain: candidate, distance };
  }
  return best ? `${email.slice(0, at)}@${best.domain}` : null;
}

/** Damerau–Levenshtein distance (adjacent swaps count once: "gmial" → "gmail"). */
function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}
