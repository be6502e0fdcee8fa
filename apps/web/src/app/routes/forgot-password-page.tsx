export { Component as default, HydrateFallback } from '../../features/auth/forgot-password-page';
export { clientLoader } from '../route-guard';
