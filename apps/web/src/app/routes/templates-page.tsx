export { Component as default } from '../../features/templates/templates-page';
export { clientLoader } from '../route-guard';
