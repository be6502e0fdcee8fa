export { Component as default } from '../../features/admin/edit-user-page';
export { clientLoader, loader } from '../route-guard';
