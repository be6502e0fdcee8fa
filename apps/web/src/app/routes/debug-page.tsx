export { Component as default } from '../../features/system/debug-page';
export { clientLoader, loader } from '../route-guard';
