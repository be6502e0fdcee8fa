export { Component as default } from '../../features/admin/account-settings-page';
export { clientLoader, loader } from '../route-guard';
