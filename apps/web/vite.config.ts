import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { prerenderPages } from './build/prerender-plugin';
import { productionAliases } from './build/production-aliases';
import { firstBuildPlan, planGroups, planningBuild } from './build/chunk-plan';
import { routeChunks } from './build/route-chunks';
import { stableMantineIds } from './build/stable-mantine-ids';

// The base path is fixed at build time and must match the server's BASE_PATH (docs/decisions/007).
const rawBasePath = process.env['BASE_PATH'] ?? '/ui/';
const basePath = `/${rawBasePath.replace(/^\/+|\/+$/g, '')}/`.replace(/^\/\/$/, '/');
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

export default defineConfig(async ({ command, mode, isSsrBuild }) => {
  // A browser build is made twice: the first, in memory, says which chunks each first screen
  // needs; the second puts them in a few files (apps/web/build/chunk-plan.ts, decision 046).
  const planning = Boolean(process.env[planningBuild]);
  const plan =
    command === 'build' && !isSsrBuild && !planning
      ? await firstBuildPlan(fileURLToPath(new URL('.', import.meta.url)), mode)
      : null;
  return {
    base: basePath,
    plugins: [react(), stableMantineIds(), ...(planning ? [] : [prerenderPages(), routeChunks()])],
    define: {
      __APP_VERSION__: JSON.stringify(version),
    },
    server: {
      port: 5173,
      // In development the API runs on its own port (npm run dev).
      proxy: { [`${basePath}api`]: 'http://localhost:8080' },
    },
    resolve: { alias: command === 'build' ? productionAliases() : [] },
    // The development server bundles dependencies itself, ahead of the app's own plugins.
    optimizeDeps: { rolldownOptions: { plugins: [stableMantineIds()] } },
    build: {
      target: 'es2022',
      sourcemap: false,
      chunkSizeWarningLimit: 600,
      ...(plan ? { rolldownOptions: { output: { codeSplitting: { groups: planGroups(plan) } } } } : {}),
    },
  };
});
