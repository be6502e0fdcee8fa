export { Component as default } from '../../features/bulk/upload-page';
export { clientLoader, loader } from '../route-guard';
