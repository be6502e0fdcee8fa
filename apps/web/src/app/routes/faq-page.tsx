export { Component as default } from '../../features/public/faq-page';
export { clientLoader, loader } from '../route-guard';
