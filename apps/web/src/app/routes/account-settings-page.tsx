export { Component as default } from '../../features/admin/account-settings-page';
export { clientLoader } from '../route-guard';
