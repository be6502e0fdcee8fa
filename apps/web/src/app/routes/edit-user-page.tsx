export { Component as default } from '../../features/users/edit-user-page';
export { clientLoader, loader } from '../route-guard';
