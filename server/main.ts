import './v8-flags';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import sharp from 'sharp';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { buildHttpApp } from './http/app';
import { createDevMiddleware } from './http/dev-middleware';
import { prepareStrengthCheck } from './domain/accounts/password-strength';
import { createServices } from './services';

/** Composition root: config → database → services → HTTP, and an orderly shutdown. */
async function main() {
  // Each upload is decoded once; libvips' operation cache would only hold members' photos in memory.
  sharp.cache(false);
  const config = loadConfig(undefined, { dev: process.argv.includes('--dev') });
  const database = await openDatabase(config.database);
  let shuttingDown = false;
  try {
    const services = await createServices(config, database);
    if (config.seedDemo) {
      // Loaded only when seeding: faker and the demo texts would otherwise stay in every
      // production server's heap for nothing (about 20 MB of it, ADR 0017).
      const { seedDemoIfEmpty } = await import('./db/seed/demo-seed');
      await seedDemoIfEmpty(services, { members: config.demoMembers });
    }

    const buildDir = path.resolve('build');
    const ssr = config.isDev ? await createDevSsr() : await createProductionSsr(buildDir);
    const app = await buildHttpApp(services, {
      ssr,
      clientAssetsDir: config.isDev ? undefined : path.join(buildDir, 'client'),
      logger: { level: config.logLevel },
      isShuttingDown: () => shuttingDown,
    });

    const shutdown = async (signal: string) => {
      if (shuttingDown) return;
      shuttingDown = true;
      app.log.info({ signal }, 'shutting down');
      const force = setTimeout(() => process.exit(1), 10_000).unref();
      try {
        await app.close();
        await services.close();
        await database.close();
      } finally {
        clearTimeout(force);
        process.exit(0);
      }
    };
    process.once('SIGTERM', () => void shutdown('SIGTERM'));
    process.once('SIGINT', () => void shutdown('SIGINT'));

    await app.listen({ host: config.host, port: config.port });
    services.jobRunner.start();
    // The city index takes about a second to build: do it now, not on a member's first geocode.
    setImmediate(() => services.geo.listCities('NL', undefined, 1));
    // So do the password dictionaries: not on the first sign-up.
    setImmediate(() => void prepareStrengthCheck());
  } catch (error) {
    await database.close();
    throw error;
  }
}

async function createProductionSsr(buildDir: string) {
  const entry = path.join(buildDir, 'server', 'index.js');
  if (!fs.existsSync(entry)) throw new Error(`No build at ${entry}: run "npm run build" (npm start does it for you).`);
  const build = (await import(pathToFileURL(entry).href)) as ServerBuild;
  return { mode: 'production' as const, getBuild: async () => build };
}

async function createDevSsr() {
  const dev = await createDevMiddleware();
  return { mode: 'development' as const, getBuild: dev.getBuild, devMiddleware: dev.middlewares };
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
