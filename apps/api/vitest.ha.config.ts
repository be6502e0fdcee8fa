import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// `npm run test:ha`: the database's failover and restore suite alone (src/ha), which starts
// PostgreSQL servers, Patroni, etcd and HAProxy of its own; one file at a time, as each is timed.
export default defineConfig({
  test: {
    name: 'ha',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['src/ha/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 300_000,
  },
});
