import type { Config } from '@react-router/dev/config';
import { basePath } from './base-path';
import { prerenderedPaths } from './src/app/route-table';

export default {
  appDirectory: 'src/app',
  buildDirectory: 'dist',
  basename: basePath,
  // The server renders each page (decision 084); the sign-in pages are drawn at build time, so
  // they paint before the code arrives.
  ssr: true,
  prerender: prerenderedPaths,
  // Every page knows every route from the start, as before the server rendered: no request to
  // find a route before a navigation.
  routeDiscovery: { mode: 'initial' },
} satisfies Config;
