/// <reference types="vite/client" />

/** The web app's version, from apps/web/package.json at build time. */
declare const __APP_VERSION__: string;

declare module 'react-router' {
  // What the server gives each page it renders (entry.server.tsx, lib/server-api.ts).
  interface AppLoadContext extends import('@homeminder/shared/render-context').RenderContext {}
}
