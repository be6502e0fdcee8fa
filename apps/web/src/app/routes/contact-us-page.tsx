export { Component as default } from '../../features/public/contact-us-page';
export { clientLoader, loader } from '../route-guard';
