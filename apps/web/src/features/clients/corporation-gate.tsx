import { Fragment, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Stack } from '@mantine/core';
import { adminMessages } from '@homeminder/shared/contracts/admin';
import { Privilege } from '@homeminder/shared/permissions';
import { messages } from '@homeminder/shared/validation/messages';
import { CorporationPicker, CorporationRequired } from '../../components/corporation-picker';
import { hasAnyPrivilege, useSession } from '../../lib/session-store';
import { useClientCorporation } from './api';

/**
 * The client screens for the operator: first the corporation whose clients to see, kept in the
 * address (`?company=`), since the operator's own corporation holds no clients. Until one is chosen
 * nothing of the clients is shown or offered. Everyone else goes straight to their own corporation's.
 */
export function CorporationGate({ children }: { children: ReactNode }) {
  const acrossTenants = useSession((state) => hasAnyPrivilege([Privilege.ActAcrossTenants], state));
  const corporation = useClientCorporation();
  const [, setParams] = useSearchParams();
  if (!acrossTenants) return children;
  return (
    <Stack gap="lg">
      <CorporationPicker
        value={corporation}
        // Another corporation starts with the grid as it first shows.
        onChange={(chosen) => setParams(chosen ? { company: chosen.id } : {})}
        description="The corporation whose clients you want to see"
      />
      {corporation ? (
        // Keyed by the corporation: nothing of one corporation's screen state carries over to the next.
        <Fragment key={corporation}>{children}</Fragment>
      ) : (
        <CorporationRequired
          prompt={adminMessages.chooseCorporationForClients}
          reason={messages.tenantRequired}
        />
      )}
    </Stack>
  );
}
