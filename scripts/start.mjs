// `npm start`: builds the site once when no build exists, then runs the server in production mode.
// `npm run demo` (`--demo`) does the same with the demo checkout, where purchases move no money.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { hasServerNodeFlags, SERVER_NODE_FLAGS } from './server-node-flags.mjs';

if (!fs.existsSync('build/server/index.js')) {
  console.log('No build found: building the site first (once)…');
  const result = spawnSync('npx', ['react-router', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!hasServerNodeFlags()) {
  console.log(`Started without ${SERVER_NODE_FLAGS.join(' ')}: small calls pay several times the garbage collection (npm start adds it; ADR 0083).`);
}

process.env.NODE_ENV ??= 'production';
if (process.argv.includes('--demo')) process.env.PAYMENTS ??= 'demo';
const { register } = await import('tsx/esm/api');
register();
await import('../server/main.ts');
