import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// `npm run test:ha`: the database's failover suite alone (src/ha), which starts Patroni, etcd and
// HAProxy of its own.
export default defineConfig({
  test: {
    name: 'ha',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['src/ha/**/*.test.ts'],
    environment: 'node',
    testTimeout: 600_000,
    hookTimeout: 300_000,
  },
});
