export { Component as default } from '../../features/notifications/manage-notifications-page';
export { clientLoader, loader } from '../route-guard';
