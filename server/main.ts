import './v8-flags';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import sharp from 'sharp';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import type { SeededDemo } from './seed/demo-seed';
import { describeDemoStaffKeys, refuseStaffWithPublishedKeys } from './seed/demo-staff';
import { buildHttpApp } from './http/app';
import { createDevMiddleware } from './http/dev-middleware';
import { prepareStrengthCheck, stopStrengthCheck } from './domain/accounts/password-strength';
import { outboxAccessFor } from './http/outbox-access';
import { createServices, type Services } from './services';
import { createMetricsAccess } from './observability/metrics-access';
import { startMetricsListener } from './observability/metrics-listener';
import { startJobRunner } from './jobs/start-job-runner';

/** Composition root: config → database → services → HTTP, and an orderly shutdown. */
async function main() {
  // Each upload is decoded once; libvips' operation cache would only hold members' photos in memory.
  sharp.cache(false);
  const config = loadConfig(undefined, { dev: process.argv.includes('--dev') });
  const database = await openDatabase(config.database);
  let shuttingDown = false;
  let stopMetrics: () => Promise<void> | undefined = () => undefined;
  try {
    const services = await createServices(config, database);
    // The built-in safety lists (issue 32), copied in once; operators' removals stay removed.
    await services.safetySignals.seedBuiltins();
    let seeded: SeededDemo | null = null;
    if (config.seedDemo) {
      // Loaded only when seeding: faker and the demo texts would otherwise stay in every
      // production server's heap for nothing (about 20 MB of it, ADR 0017).
      const { seedDemoIfEmpty } = await import('./seed/demo-seed');
      seeded = await seedDemoIfEmpty(services, { members: config.demoMembers });
    }
    if (config.listensBeyondLoopback) await refuseStaffWithPublishedKeys(database.db, config.host);

    const buildDir = path.resolve('build');
    const ssr = config.isDev ? await createDevSsr() : await createProductionSsr(buildDir);
    const app = await buildHttpApp(services, {
      ssr,
      clientAssetsDir: config.isDev ? undefined : path.join(buildDir, 'client'),
      logger: { level: config.logLevel },
      realtime: config.realtime,
      isShuttingDown: () => shuttingDown,
    });

    // Draining (issue 21): `/readyz` fails first, so the load balancer stops choosing this
    // instance; after the drain delay the sockets are told to reconnect elsewhere (1012) and the
    // listener closes; requests in flight finish and the chat lane commits what it holds.
    const shutdown = async (signal: string) => {
      if (shuttingDown) return;
      shuttingDown = true;
      app.log.info({ signal, drainMs: config.shutdownDrainMs }, 'shutting down');
      const force = setTimeout(() => process.exit(1), config.shutdownDrainMs + 10_000).unref();
      try {
        if (config.shutdownDrainMs) await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
        await app.close();
        await stopMetrics();
        await services.close();
        await stopStrengthCheck();
        await database.close();
      } finally {
        clearTimeout(force);
        process.exit(0);
      }
    };
    process.once('SIGTERM', () => void shutdown('SIGTERM'));
    process.once('SIGINT', () => void shutdown('SIGINT'));

    await app.listen({ host: config.host, port: config.port });
    // Prometheus on a port of its own when asked (ADR 0045); closed first on shutdown.
    const metricsListener = config.metrics.port
      ? await startMetricsListener({
          access: createMetricsAccess({ registry: services.metrics.registry, token: config.metrics.token }),
          host: config.host,
          port: config.metrics.port,
          onError: (error) => app.log.error({ err: error }, 'metrics scrape failed'),
        })
      : null;
    stopMetrics = () => metricsListener?.close();
    await announceStart(services, (message, details) => app.log.warn(details, message));
    if (seeded?.staffKeysGenerated) process.stdout.write(`${describeDemoStaffKeys(seeded.staff)}\n`);
    if (config.runsJobs) startJobRunner(services.jobRunner, config.jobBudget, 'web', (message, details, level = 'warn') => app.log[level](details, message));
    // The city index takes about a second to build: do it now, not on a member's first geocode.
    setImmediate(() => services.geo.listCities('NL', undefined, 1));
    // So do the password dictionaries (in their worker thread, ADR 0084): not on the first sign-up.
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

/**
 * Tells whoever started the server where it is and what it does with mail and money. The
 * outbox address carries its key, so it goes to the terminal only, never into the log.
 */
async function announceStart(services: Services, warn: (message: string, details: object) => void) {
  const { config, siteUrls } = services;
  const origin = siteUrls.originOf(await services.sites.resolveSite(config.defaultSiteDomain));
  const lines = [`Rendezvous is running at ${origin}`];
  if (!config.smtpUrl || !config.sms.url) {
    const kept = [!config.smtpUrl && 'mail', !config.sms.url && 'SMS'].filter(Boolean).join(' and ');
    warn(`${kept} not sent: kept on disk`, { outboxDir: services.outboxDir });
    lines.push(
      `  ${kept} are not sent (no ${[!config.smtpUrl && 'SMTP_URL', !config.sms.url && 'SMS_URL'].filter(Boolean).join('/')}): they are kept in ${services.outboxDir}`,
    );
    const page = outboxAccessFor(config, services.secrets.outboxKey).keyedPath();
    if (page) lines.push(`  read them at ${origin}${page}${config.isDev ? '' : '  (this address is a key: keep it to yourself)'}`);
  }
  if (!config.payments.provider)
    lines.push('  payments: none configured, the credits pages say so (PAYMENTS=mollie, or PAYMENTS=demo to try the demo checkout)');
  else if (config.payments.isDemo)
    lines.push(`  payments: ${config.payments.provider === 'demo' ? 'the demo checkout' : "Mollie's test mode"}, no money moves (every page says so)`);
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
