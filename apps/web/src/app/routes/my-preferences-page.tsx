import { prefetchMyPreferences } from '../../features/homeowner/api';
import { pageLoader } from '../page-loader';

export { MyPreferencesPage as default } from '../../features/homeowner/my-preferences-page';
export { clientLoader } from '../route-guard';

/** Rendered on the server with the person's homes and reminders (docs/decisions/084). */
export const loader = pageLoader(prefetchMyPreferences);
