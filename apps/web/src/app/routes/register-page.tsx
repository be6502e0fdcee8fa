// Rendered on the server with the invitation, so it needs no guard in the browser: it is public
// and waits for no initialisation (docs/decisions/084).
export { clientAction, Component as default } from '../../features/auth/register-page';
export { action, loader } from '../../features/auth/register-data';
