export { Component as default, HydrateFallback } from '../../features/auth/login-page';
export { clientLoader } from '../route-guard';
