export { Component as default } from '../../features/templates/templates-page';
export { clientLoader, loader } from '../route-guard';
