export { Component as default } from '../../features/admin/manage-corporation-page';
export { clientLoader } from '../route-guard';
