export { Component as default } from '../../features/mail/unsubscribe-page';
export { clientLoader } from '../route-guard';
