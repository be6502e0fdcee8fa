// Rendered on the server with the link checked, so it needs no guard in the browser: it is public
// and waits for no initialisation (docs/decisions/084).
export { clientAction, Component as default } from '../../features/auth/reset-password-page';
export { action, loader } from '../../features/auth/reset-password-data';
