import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { NewsBroadcastInput } from '../contract/admin/news';
import { SUPPORTED_LANGUAGES } from '../contract/locales';
import type { NewsBroadcastsService } from '../server/domain/notifications/scheduled/news-broadcasts.service';

export const NEWS_USAGE = [
  'npm run admin -- news create --site <id|all> --subject-en <text> --body-en <text> [--subject-de <text> --body-de <text> …]',
  'npm run admin -- news send <file.json>      (file: { "site": 3 | "all", "texts": { "en": { "subject": "…", "body": "…" }, … } })',
  'npm run admin -- news list                  (the latest broadcasts and how far they got)',
].join('\n  ');

export type NewsCommand = { command: 'create'; input: NewsBroadcastInput } | { command: 'list' };

const textOptions = Object.fromEntries(
  SUPPORTED_LANGUAGES.flatMap((language) => [`subject-${language}`, `body-${language}`].map((name) => [name, { type: 'string' as const }])),
);

/** Reads `news …` arguments into a checked broadcast (or the list command); throws the usage or the problems. */
export function parseNewsArgs(args: string[], readFile: (file: string) => string = (file) => fs.readFileSync(file, 'utf8')): NewsCommand {
  const { positionals, values } = parseArgs({ args, allowPositionals: true, options: { site: { type: 'string' }, ...textOptions } });
  const [command, file] = positionals;
  if (command === 'list') return { command: 'list' };
  let raw: unknown;
  if (command === 'send' && file) {
    raw = JSON.parse(readFile(file));
  } else if (command === 'create') {
    const flags = values as Record<string, string | undefined>;
    const texts = Object.fromEntries(
      SUPPORTED_LANGUAGES.filter((language) => flags[`subject-${language}`] !== undefined || flags[`body-${language}`] !== undefined).map((language) => [
        language,
        { subject: flags[`subject-${language}`] ?? '', body: flags[`body-${language}`] ?? '' },
      ]),
    );
    raw = { site: flags.site, texts };
  } else {
    throw new Error(`usage:\n  ${NEWS_USAGE}`);
  }
  const parsed = NewsBroadcastInput.safeParse(raw);
  if (!parsed.success)
    throw new Error(`Not a broadcast:\n${parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(file)'}: ${issue.message}`).join('\n')}`);
  return { command: 'create', input: parsed.data };
}

/** Runs a `news` command; the sending is the worker's (its jobs are enqueued here). */
export async function runNewsCommand(news: NewsBroadcastsService, command: NewsCommand, print: (line: string) => void = console.log): Promise<void> {
  if (command.command === 'list') {
    print('id\tsite\tlanguages\tcreated\tstarted\tfinished\tsent');
    for (const row of await news.listLatest()) {
      const at = (date: Date | null) => date?.toISOString() ?? '-';
      print(
        `${row.id}\t${row.siteId ?? 'all'}\t${Object.keys(row.texts).join(',')}\t${at(row.createdAt)}\t${at(row.startedAt)}\t${at(row.finishedAt)}\t${row.sentCount}`,
      );
    }
    return;
  }
  const row = await news.create(command.input, 'command line');
  print(
    `Broadcast ${row.id} stored for ${row.siteId === null ? 'every site' : `site ${row.siteId}`} in ${Object.keys(row.texts).join(', ')}; the worker sends it (see \`npm run admin -- news list\`).`,
  );
}
