export { Component as default } from '../../features/admin/manage-accounts-page';
export { clientLoader } from '../route-guard';
