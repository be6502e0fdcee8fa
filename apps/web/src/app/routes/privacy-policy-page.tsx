export { Component as default } from '../../features/public/privacy-policy-page';
export { clientLoader, loader } from '../route-guard';
