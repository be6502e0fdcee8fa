export { Component as default } from '../../features/public/privacy-policy-page';
export { clientLoader } from '../route-guard';
