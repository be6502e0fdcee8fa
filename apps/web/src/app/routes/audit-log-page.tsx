export { Component as default } from '../../features/audit/audit-log-page';
export { clientLoader } from '../route-guard';
