export { Component as default } from '../../features/auth/revert-page';
export { clientLoader } from '../route-guard';
