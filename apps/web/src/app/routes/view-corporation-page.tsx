export { Component as default } from '../../features/admin/view-corporation-page';
export { clientLoader, loader } from '../route-guard';
