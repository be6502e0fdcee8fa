export { Component as default } from '../../features/public/how-it-works-page';
export { clientLoader, loader } from '../route-guard';
