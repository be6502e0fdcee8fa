export { Component as default } from '../../features/auth/register-page';
export { clientLoader } from '../route-guard';
