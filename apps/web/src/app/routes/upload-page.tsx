export { Component as default } from '../../features/bulk/upload-page';
export { clientLoader } from '../route-guard';
