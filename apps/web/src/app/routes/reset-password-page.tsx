export { Component as default } from '../../features/auth/reset-password-page';
export { clientLoader, loader } from '../route-guard';
