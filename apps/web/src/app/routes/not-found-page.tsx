export { Component as default } from '../../features/system/not-found-page';
export { clientLoader, loader } from '../route-guard';
