import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// `npm run test:cluster`: the cluster suite alone (src/cluster), which starts processes of its own.
export default defineConfig({
  test: {
    name: 'cluster',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['src/cluster/**/*.test.ts'],
    environment: 'node',
    testTimeout: 180_000,
    hookTimeout: 240_000,
  },
});
