export { Component as default } from '../../features/auth/logout-page';
export { clientLoader, loader } from '../route-guard';
