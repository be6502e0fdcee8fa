export { Component as default } from '../../features/system/loading-page';
export { clientLoader } from '../route-guard';
