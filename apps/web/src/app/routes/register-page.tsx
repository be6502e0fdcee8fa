export { Component as default } from '../../features/auth/register-page';
export { clientLoader, loader } from '../route-guard';
