export { Component as default } from '../../features/public/how-it-works-page';
export { clientLoader } from '../route-guard';
