export { Component as default } from '../../features/settings/user-settings-page';
export { clientLoader, loader } from '../route-guard';
