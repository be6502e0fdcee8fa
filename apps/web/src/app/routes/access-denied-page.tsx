export { Component as default } from '../../features/system/access-denied-page';
export { clientLoader, loader } from '../route-guard';
