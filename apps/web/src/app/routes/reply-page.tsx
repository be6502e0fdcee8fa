// Rendered on the server with the reminder, so it needs no guard in the browser: it is public and
// waits for no initialisation (docs/decisions/084).
export { Component as default } from '../../features/replies/reply-page';
export { action, loader } from '../../features/replies/reply-data';
