export { Component as default } from '../../features/system/debug-page';
export { clientLoader } from '../route-guard';
