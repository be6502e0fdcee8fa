export { Component as default } from '../../features/public/terms-of-use-page';
export { clientLoader, loader } from '../route-guard';
