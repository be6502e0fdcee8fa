export { Component as default } from '../../features/auth/logout-page';
export { clientLoader } from '../route-guard';
