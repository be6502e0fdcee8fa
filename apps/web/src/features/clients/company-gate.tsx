import { Fragment, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Stack } from '@mantine/core';
import { adminMessages } from '@homeminder/shared/contracts/admin';
import { Privilege } from '@homeminder/shared/permissions';
import { messages } from '@homeminder/shared/validation/messages';
import { CompanyPicker, CompanyRequired } from '../../components/company-picker';
import { hasAnyPrivilege, useSession } from '../../lib/session-store';
import { useClientCompany } from './api';

/**
 * The client screens for the operator: first the company whose clients to see, kept in the
 * address (`?company=`), since the operator's own company holds no clients. Until one is chosen
 * nothing of the clients is shown or offered. Everyone else goes straight to their own company's.
 */
export function CompanyGate({ children }: { children: ReactNode }) {
  const acrossTenants = useSession((state) => hasAnyPrivilege([Privilege.ActAcrossTenants], state));
  const company = useClientCompany();
  const [, setParams] = useSearchParams();
  if (!acrossTenants) return children;
  return (
    <Stack gap="lg">
      <CompanyPicker
        value={company}
        // Another company starts with the grid as it first shows.
        onChange={(chosen) => setParams(chosen ? { company: chosen.id } : {})}
        description="The corporation whose clients you want to see"
      />
      {company ? (
        // Keyed by the company: nothing of one company's screen state carries over to the next.
        <Fragment key={company}>{children}</Fragment>
      ) : (
        <CompanyRequired prompt={adminMessages.chooseCompanyForClients} reason={messages.tenantRequired} />
      )}
    </Stack>
  );
}
