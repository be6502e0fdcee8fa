export { Component as default } from '../../features/clients/clients-page';
export { clientLoader, loader } from '../route-guard';
