export { Component as default } from '../../features/admin/add-accounts-page';
export { clientLoader, loader } from '../route-guard';
