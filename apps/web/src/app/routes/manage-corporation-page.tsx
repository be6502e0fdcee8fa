export { Component as default } from '../../features/corporations/manage-corporation-page';
export { clientLoader, loader } from '../route-guard';
