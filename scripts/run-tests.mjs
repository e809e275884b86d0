#!/usr/bin/env node
/**
 * `npm test`'s runner: three Vitest runs side by side.
 *
 * - The code and database tiers (`unit`, `pglite`, `postgres`) keep every core busy with many
 *   short files; the real-process tiers (`durability`, `cluster`) follow them.
 * - The browser journeys (`e2e`), in two parts: the operators' console and the member side.
 *   Each part has its own server, database and browser (tests/setup/global-server.ts runs once
 *   per Vitest run) and runs one file at a time; a journey mostly waits on its server and
 *   browser, so two parts fill what one leaves idle.
 *
 * In one Vitest run the journeys start only after the last database file (Vitest runs projects
 * without file parallelism as a group of their own, at the end), so a run took the sum of both.
 * Side by side it takes about the longest of the three. The database run has a lower CPU
 * priority, so a journey's server and browser answer as quickly as they would alone.
 *
 * Arguments go to every run (e.g. a file filter); a run whose filter matches nothing passes.
 * The exit code is the first failing run's, and the summaries are repeated at the end.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import readline from 'node:readline';

const VITEST = 'node_modules/vitest/vitest.mjs';
const SUMMARY_LINES = 8;
const extraArgs = process.argv.slice(2);

const runs = [
  // The `postgres` project exists only when TEST_DATABASE_URL is set, and then takes the HTTP
  // files, `pglite-isolated`'s one too (vitest.config.ts, ADR 0068). The
  // durability and cluster files (about 80 s) run after the database files.
  {
    name: 'code, database and process tiers',
    projects: ['unit', 'pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : ['pglite-isolated']), 'durability', 'cluster'],
    niceness: 5,
  },
  { name: 'browser journeys: the console and the layout audit', projects: ['e2e'], env: { E2E_PART: 'console' }, niceness: 0 },
  { name: 'browser journeys: members and visitors', projects: ['e2e'], env: { E2E_PART: 'members' }, niceness: 0 },
];

function start({ name, projects, env = {}, niceness }) {
  const args = [VITEST, 'run', '--passWithNoTests', ...projects.flatMap((project) => ['--project', project]), ...extraArgs];
  const started = Date.now();
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  if (niceness) os.setPriority(child.pid, niceness);
  const tail = [];
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => {
      (stream === child.stdout ? process.stdout : process.stderr).write(`${line}\n`);
      tail.push(line);
      if (tail.length > SUMMARY_LINES) tail.shift();
    });
  }
  return new Promise((resolve) =>
    child.on('close', (code, signal) => resolve({ name, code: code ?? (signal ? 1 : 0), seconds: (Date.now() - started) / 1000, tail })),
  );
}

const results = await Promise.all(runs.map(start));
for (const { name, code, seconds, tail } of results) {
  console.log(`\n── ${name}: ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${seconds.toFixed(0)} s`);
  console.log(tail.join('\n'));
}
process.exit(results.find((result) => result.code !== 0)?.code ?? 0);
