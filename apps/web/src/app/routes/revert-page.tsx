export { Component as default } from '../../features/auth/revert-page';
export { clientLoader, loader } from '../route-guard';
