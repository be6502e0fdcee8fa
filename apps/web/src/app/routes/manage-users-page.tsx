export { Component as default } from '../../features/admin/manage-users-page';
export { clientLoader } from '../route-guard';
