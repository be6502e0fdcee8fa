import { readFileSync } from 'node:fs';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { basePath } from './base-path';
import { devApiOrigin } from './dev-api-origin';
import { productionAliases } from './build/production-aliases';
import { routeModuleLoadThrows } from './build/route-module-load';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

export default defineConfig(({ command }) => ({
  base: basePath,
  plugins: [reactRouter(), routeModuleLoadThrows()],
  define: {
    __APP_VERSION__: JSON.stringify(version),
  },
  server: {
    port: 5173,
    // In development the API runs on its own port (npm run dev).
    proxy: { [`${basePath}api`]: devApiOrigin },
  },
  resolve: { alias: command === 'build' ? productionAliases() : [] },
  build: {
    target: 'es2022',
    sourcemap: false,
  },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // Every page loads the framework and the root route with all it imports, so each is one
            // file rather than dozens of small ones; a route's own modules keep their chunks
            // (docs/decisions/098-the-framework-and-the-root-in-one-chunk-each.md).
            codeSplitting: {
              groups: [
                {
                  name: 'framework',
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
                  priority: 2,
                },
                // The root module with its dependencies (Rolldown captures them recursively).
                { name: 'shell', test: /src[\\/]app[\\/]root\.tsx$/, priority: 1 },
              ],
            },
          },
        },
      },
    },
  },
}));
