import { configDefaults, defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts'],
    // The cluster suite has a run of its own (vitest.cluster.config.ts, `npm run test:cluster`).
    exclude: [...configDefaults.exclude, 'src/cluster/**'],
    environment: 'node',
    // argon2 hashing of the demo passwords and the migrations on PGlite take seconds, not millis.
    testTimeout: 30_000,
    // beforeAll builds an app over a fresh PGlite (seconds to start) and seeds it.
    hookTimeout: 120_000,
  },
});
