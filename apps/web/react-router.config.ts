import type { Config } from '@react-router/dev/config';
import { basePath } from './base-path';
import { prerenderedPaths } from './src/app/route-table';

export default {
  appDirectory: 'src/app',
  buildDirectory: 'dist',
  // Without the trailing slash, as the router writes its links (`/ui` for Home), so a link's route is found.
  basename: basePath.replace(/\/$/, '') || '/',
  // The server renders each page (decision 084); the sign-in pages are drawn at build time, so
  // they paint before the code arrives.
  ssr: true,
  prerender: prerenderedPaths,
  // A page learns the routes its links lead to as they render, rather than every route up front.
  routeDiscovery: { mode: 'lazy' },
} satisfies Config;
