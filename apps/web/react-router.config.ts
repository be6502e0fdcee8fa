import type { Config } from '@react-router/dev/config';
import { basePath } from './base-path';
import { prerenderedPaths } from './src/app/route-table';

export default {
  appDirectory: 'src/app',
  buildDirectory: 'dist',
  basename: basePath,
  // No server renders at run time: the API server answers every page with the app's HTML. The
  // sign-in pages are drawn at build time, so they paint before the code arrives (decision 054).
  ssr: false,
  prerender: prerenderedPaths,
} satisfies Config;
