import type { RenderContext } from '@homeminder/shared/render-context';

// What the server gives each page it renders (entry.server.tsx, lib/server-api.ts).
declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- an augmentation adds its members by extending
  interface AppLoadContext extends RenderContext {}
}
