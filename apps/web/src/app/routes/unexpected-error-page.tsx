export { Component as default } from '../../features/system/unexpected-error-page';
export { clientLoader } from '../route-guard';
