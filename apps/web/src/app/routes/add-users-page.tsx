export { Component as default } from '../../features/users/add-users-page';
export { clientLoader, loader } from '../route-guard';
