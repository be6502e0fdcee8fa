import { ViewCorporationPage } from '../../features/corporations/view-corporation-page';
import { CorporateUsers } from '../../features/users/components/corporate-users';

export { clientLoader, loader } from '../route-guard';

/** A corporation's page lists its users, from the users feature. */
export default function ViewCorporation() {
  return <ViewCorporationPage users={(corporation) => <CorporateUsers corporation={corporation} />} />;
}
