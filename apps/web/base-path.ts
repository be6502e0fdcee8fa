// The base path is fixed at build time and must match the server's BASE_PATH (docs/decisions/007).
const rawBasePath = process.env['BASE_PATH'] ?? '/ui/';
export const basePath = `/${rawBasePath.replace(/^\/+|\/+$/g, '')}/`.replace(/^\/\/$/, '/');
