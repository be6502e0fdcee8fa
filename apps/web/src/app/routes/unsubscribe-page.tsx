// Rendered on the server with whose reminders stop, so it needs no guard in the browser: it is
// public and waits for no initialisation (docs/decisions/084).
export { Component as default } from '../../features/mail/unsubscribe-page';
export { action, loader } from '../../features/mail/unsubscribe-data';
