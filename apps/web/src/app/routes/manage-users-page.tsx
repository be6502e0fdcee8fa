export { Component as default } from '../../features/admin/manage-users-page';
export { clientLoader, loader } from '../route-guard';
