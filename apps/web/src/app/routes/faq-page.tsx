export { Component as default } from '../../features/public/faq-page';
export { clientLoader } from '../route-guard';
