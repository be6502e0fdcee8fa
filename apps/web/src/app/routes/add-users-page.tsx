export { Component as default } from '../../features/admin/add-users-page';
export { clientLoader, loader } from '../route-guard';
