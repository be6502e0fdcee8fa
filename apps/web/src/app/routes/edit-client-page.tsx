export { Component as default } from '../../features/clients/edit-client-page';
export { clientLoader, loader } from '../route-guard';
