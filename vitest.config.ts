import { defineConfig } from 'vitest/config';

/**
 * One `vitest run` covers everything: the whole suite on PGlite, the database-backed suites
 * again on PostgreSQL when TEST_DATABASE_URL is set, and the browser journeys in Chromium.
 */
const databaseSuites = ['server/domain/**/*.test.ts', 'server/db/**/*.test.ts', 'server/http/**/*.test.ts', 'server/jobs/**/*.test.ts', 'server/adapters/push/**/*.test.ts'];
const withPostgres = !!process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    projects: [
      {
        extends: true as const,
        test: {
          name: 'pglite',
          include: ['server/**/*.test.ts', 'contract/**/*.test.ts', 'app/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
          env: { TEST_DB_ENGINE: 'pglite' },
          globalSetup: ['tests/setup/global-database.ts'],
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(withPostgres
        ? [
            {
              extends: true as const,
              test: {
                name: 'postgres',
                include: databaseSuites,
                env: { TEST_DB_ENGINE: 'postgres' },
                globalSetup: ['tests/setup/global-database.ts'],
                setupFiles: ['tests/setup/fail-on-console-error.ts'],
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        // The real server process killed mid-load and restarted (PGlite on disk; PostgreSQL too when TEST_DATABASE_URL is set).
        extends: true as const,
        test: {
          name: 'durability',
          include: ['tests/durability/**/*.test.ts'],
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
          fileParallelism: false,
          testTimeout: 300_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Two instances and a worker behind nginx on PostgreSQL, Redis and an S3 server (issue 21);
        // skipped where nginx or TEST_DATABASE_URL / TEST_REDIS_URL are missing.
        extends: true as const,
        test: {
          name: 'cluster',
          include: ['tests/cluster/**/*.test.ts'],
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 300_000,
        },
      },
      {
        extends: true as const,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.spec.ts'],
          // The layout audit (issue 19) runs a slice of its matrix in every run; `npm run
          // test:layout` (LAYOUT_AUDIT=1) runs all of it: every route × both brands × visitor and
          // member × four widths.
          provide: { fullLayoutAudit: !!process.env.LAYOUT_AUDIT },
          // A journey drives a real browser against a real server on a shared, noisy machine; one
          // retry absorbs a lost race in the harness, while a real fault still fails both tries.
          retry: 1,
          globalSetup: ['tests/setup/global-server.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
