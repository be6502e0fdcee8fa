export { Component as default } from '../../features/corporations/account-settings-page';
export { clientLoader, loader } from '../route-guard';
