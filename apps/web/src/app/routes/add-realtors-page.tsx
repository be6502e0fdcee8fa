export { Component as default } from '../../features/admin/add-realtors-page';
export { clientLoader, loader } from '../route-guard';
