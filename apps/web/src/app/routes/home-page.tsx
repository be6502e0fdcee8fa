export { Component as default } from '../../features/home/home-page';
export { clientLoader } from '../route-guard';
