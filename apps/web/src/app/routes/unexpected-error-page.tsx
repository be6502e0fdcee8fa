export { Component as default } from '../../features/system/unexpected-error-page';
export { clientLoader, loader } from '../route-guard';
