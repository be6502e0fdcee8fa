import { AddAccountsPage } from '../../features/corporations/add-accounts-page';
import { CorporateUserForm } from '../../features/users/components/corporate-user-form';

export { clientLoader, loader } from '../route-guard';

/** Add Accounts adds corporations and, from the users feature, their corporate users. */
export default function AddAccounts() {
  return <AddAccountsPage corporateUsers={<CorporateUserForm />} />;
}
