export { Component as default } from '../../features/users/manage-users-page';
export { clientLoader, loader } from '../route-guard';
