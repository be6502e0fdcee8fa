export { Component as default } from '../../features/admin/manage-corporation-page';
export { clientLoader, loader } from '../route-guard';
