/** What the test run was given (.ci/run sets these); the app itself reads only server/config.ts. */
export const testEnv = {
  engine: process.env.TEST_DB_ENGINE === 'postgres' ? 'postgres' : 'pglite',
  databaseUrl: process.env.TEST_DATABASE_URL,
  redisUrl: process.env.TEST_REDIS_URL,
  /** A streaming replica of TEST_DATABASE_URL's server (the same user; the database name is the test's own). */
  readDatabaseUrl: process.env.TEST_READ_DATABASE_URL,
} as const;
