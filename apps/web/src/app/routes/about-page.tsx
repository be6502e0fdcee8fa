export { Component as default } from '../../features/public/about-page';
export { clientLoader, loader } from '../route-guard';
