export { Component as default } from '../../features/admin/add-accounts-page';
export { clientLoader } from '../route-guard';
