export { Component as default } from '../../features/admin/add-users-page';
export { clientLoader } from '../route-guard';
