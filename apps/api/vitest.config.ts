import { configDefaults, defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts'],
    // The cluster and failover suites have runs of their own (vitest.cluster.config.ts and
    // vitest.ha.config.ts: `npm run test:cluster`, `npm run test:ha`).
    exclude: [...configDefaults.exclude, 'src/cluster/**', 'src/ha/**'],
    environment: 'node',
    // argon2 hashing of the demo passwords and the migrations on PGlite take seconds, not millis.
    testTimeout: 30_000,
    // beforeAll builds an app over a fresh PGlite (seconds to start) and seeds it.
    hookTimeout: 120_000,
  },
});
