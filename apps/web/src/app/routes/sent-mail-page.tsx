export { Component as default } from '../../features/mail/sent-mail-page';
export { clientLoader, loader } from '../route-guard';
