export { MyPreferencesPage as default } from '../../features/homeowner/my-preferences-page';
export { clientLoader, loader } from '../route-guard';
