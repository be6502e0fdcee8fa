export { Component as default } from '../../features/public/terms-of-use-page';
export { clientLoader } from '../route-guard';
