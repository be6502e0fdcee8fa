import { Privilege } from '@homeminder/shared/permissions';
import { DetailPending } from '../../../components/detail-pending';
import { hasAnyPrivilege, useSession } from '../../../lib/session-store';

/**
 * A corporation (looked up by the id in the address) not loaded yet, or that could not be shown:
 * the operator goes back to Manage Accounts, anyone else Home.
 */
export function CorporationPending({ query }: { query: { isError: boolean; error: unknown } }) {
  const operator = useSession((state) => hasAnyPrivilege([Privilege.AddCorporateAccounts], state));
  return (
    <DetailPending
      query={query}
      title="This company cannot be shown"
      back={operator ? { to: '/adm/manage-act', label: 'Back to Manage Accounts' } : undefined}
    />
  );
}
