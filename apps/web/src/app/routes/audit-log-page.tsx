export { Component as default } from '../../features/audit/audit-log-page';
export { clientLoader, loader } from '../route-guard';
