export { Component as default } from '../../features/public/about-page';
export { clientLoader } from '../route-guard';
