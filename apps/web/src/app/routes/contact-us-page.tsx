export { Component as default } from '../../features/public/contact-us-page';
export { clientLoader } from '../route-guard';
