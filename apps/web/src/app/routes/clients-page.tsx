export { Component as default } from '../../features/clients/clients-page';
export { clientLoader } from '../route-guard';
