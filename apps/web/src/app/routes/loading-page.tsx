export { Component as default } from '../../features/system/loading-page';
export { clientLoader, loader } from '../route-guard';
