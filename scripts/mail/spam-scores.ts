/**
 * `npm run mail:spam-scores`: every mail kind in every language, signed and addressed exactly as
 * the server sends it (the delivering mailer: stream sender, Return-Path, Feedback-ID, DKIM),
 * scored by SpamAssassin with its offline rules. Prints the worst score per kind with the rules
 * that fired, and fails when any mail scores above the ceiling (2.0; 5.0 is SpamAssassin's spam
 * line). Needs `spamassassin` (Debian: `apt-get install spamassassin`).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Mailer } from '../../server/adapters/mail/mail.port';
import { createOutboxMailer } from '../../server/adapters/mail/nodemailer-mailer';
import { loadConfig } from '../../server/config';
import { createDeliveringMailer } from '../../server/domain/mail/delivering-mailer';
import { generateDkimPrivateKey } from '../../server/domain/mail/dkim-keys';
import { createTranslator } from '../../server/i18n/translator';
import { renderEveryMail } from './mail-samples';

const CEILING = 2.0;

if (spawnSync('spamassassin', ['--version']).status !== 0) {
  console.error('spamassassin is not installed (Debian: apt-get install spamassassin)');
  process.exit(2);
}

const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-spam-scores-'));
const privateKey = await generateDkimPrivateKey();
const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: outboxDir });
const keep = createOutboxMailer(outboxDir);
// The samples go out one after another: the nth mail kept is samples[n], and says so in a header
// of its own (no SpamAssassin rule reads it), since several templates share one kind.
let kept = 0;
const outbox: Mailer = { send: (mail) => keep.send({ ...mail, headers: { ...mail.headers, 'X-Rendezvous-Sample': String(kept++) } }) };
const delivering = createDeliveringMailer({
  transports: { transactional: outbox, bulk: outbox },
  dkim: { keyFor: async (domain: string) => ({ domainName: domain, keySelector: 'rdv', privateKey, publicKey: '' }) } as never,
  streams: config.mailStreams,
});
const samples = await renderEveryMail(await createTranslator(), delivering);

// One mbox, one SpamAssassin process: starting it per mail would take a second each.
const emls = fs
  .readdirSync(outboxDir)
  .filter((file) => file.endsWith('.eml'))
  .sort();
const mbox = emls
  .map((file) => `From MAILER-DAEMON Thu Jan  1 00:00:00 2026\n${fs.readFileSync(path.join(outboxDir, file), 'utf8').replace(/^From /gm, '>From ')}\n`)
  .join('');
const scored = spawnSync('spamassassin', ['-L', '-t', '--mbox'], { input: mbox, encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 });
fs.rmSync(outboxDir, { recursive: true, force: true });
// Long headers are folded onto indented lines: unfolded first.
const scoredMails = scored.stdout
  .split(/^From MAILER-DAEMON .*$/m)
  .map((message) => message.replace(/\r?\n[ \t]+/g, ' '))
  .filter((message) => message.includes('X-Spam-Status:'))
  .map((message) => {
    const status = /^X-Spam-Status: \w+, score=(-?[\d.]+) required=[\d.]+ tests=(.*?)(?: autolearn=| version=|$)/m.exec(message);
    const sample = samples[Number(/^X-Rendezvous-Sample:\s*(\d+)/m.exec(message)?.[1] ?? NaN)];
    return { name: sample?.name, language: sample?.language, score: Number(status?.[1] ?? NaN), tests: (status?.[2] ?? '').replace(/\s+/g, '') };
  });
const scoredOnce = new Set(scoredMails.map((mail) => `${mail.name} ${mail.language}`));
if (scoredMails.length !== samples.length || scoredOnce.size !== samples.length || scoredMails.some((mail) => Number.isNaN(mail.score))) {
  console.error(`SpamAssassin scored ${scoredMails.length} of ${samples.length} mails\n${scored.stderr}`);
  process.exit(2);
}

const worstByKind = new Map<string, { score: number; language: string; tests: string }>();
const overCeiling: string[] = [];
// In the samples' order (SpamAssassin answers in its own).
scoredMails.sort((a, b) => samples.findIndex((sample) => sample.name === a.name) - samples.findIndex((sample) => sample.name === b.name));
for (const { name, language, score, tests } of scoredMails) {
  if (score > CEILING) overCeiling.push(`${name} (${language}): ${score} ${tests}`);
  const worst = worstByKind.get(name!);
  if (!worst || score > worst.score) worstByKind.set(name!, { score, language: language!, tests });
}

console.log(`SpamAssassin (offline rules) on ${samples.length} mails: ${worstByKind.size} kinds × 11 languages, ceiling ${CEILING}\n`);
console.log('kind                                 worst  language  rules');
for (const [kind, { score, language, tests }] of worstByKind)
  console.log(`${kind.padEnd(36)} ${score.toFixed(1).padStart(5)}  ${language.padEnd(8)}  ${tests}`);
if (overCeiling.length) {
  console.log(`\nOver ${CEILING}:\n${overCeiling.join('\n')}`);
  process.exit(1);
}
console.log(`\nEvery mail scores ${CEILING} or less.`);
