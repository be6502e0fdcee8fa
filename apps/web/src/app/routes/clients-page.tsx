import { prefetchClientGrid } from '../../features/clients/api';
import { pageLoader } from '../page-loader';

export { Component as default } from '../../features/clients/clients-page';
export { clientLoader } from '../route-guard';

/** Rendered on the server with the rows its address asks for (docs/decisions/084). */
export const loader = pageLoader(prefetchClientGrid);
