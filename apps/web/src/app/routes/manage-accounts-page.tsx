export { Component as default } from '../../features/admin/manage-accounts-page';
export { clientLoader, loader } from '../route-guard';
