export { Component as default } from '../../features/users/add-realtors-page';
export { clientLoader, loader } from '../route-guard';
