/** The base path the app is served under, always with a trailing slash (`/ui/` by default). */
export const basePath: string = import.meta.env.BASE_URL.endsWith('/')
  ? import.meta.env.BASE_URL
  : `${import.meta.env.BASE_URL}/`;

/** The router's basename: the base path without its trailing slash (`/ui`). */
export const routerBasename = basePath.replace(/\/$/, '') || '/';
