export { Component as default } from '../../features/admin/view-corporation-page';
export { clientLoader } from '../route-guard';
