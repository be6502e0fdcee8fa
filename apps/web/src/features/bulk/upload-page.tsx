import { Alert, Stack } from '@mantine/core';
import { adminMessages } from '@homeminder/shared/contracts/admin';
import { Privilege } from '@homeminder/shared/permissions';
import { messages } from '@homeminder/shared/validation/messages';
import {
  CorporationPicker,
  CorporationRequired,
  useEnabledCorporations,
} from '../../components/corporation-picker';
import { hasAnyPrivilege, useSession } from '../../lib/session-store';
import { useBulkPage } from './api';
import { bulkTenant, useBulkState } from './bulk-state';
import { ProcessCard } from './components/process-card';
import { QueueGrid } from './components/queue-grid';
import { UploadCard } from './components/upload-card';

/** Bulk Upload Clients: a spreadsheet in, checked rows in a queue, clients out. */
export function Component() {
  const actsAcrossTenants = useSession((state) => hasAnyPrivilege([Privilege.ActAcrossTenants], state));
  const ownTenant = useSession((state) => state.tenantID);
  const selectedCompany = useBulkState((state) => state.selectedCompany);
  const selectCorporation = useBulkState((state) => state.selectCorporation);
  const pageSize = useBulkState((state) => state.pageSize);
  // A corporation kept in the tab from earlier that is no longer offered (disabled since) is not used.
  const corporations = useEnabledCorporations(actsAcrossTenants);
  const chosenGone =
    selectedCompany !== null &&
    corporations.isSuccess &&
    !corporations.data.items.some((corporation) => corporation.id === selectedCompany.id);
  const target = bulkTenant(actsAcrossTenants, ownTenant, chosenGone ? null : selectedCompany);
  const firstPage = useBulkPage(target.tenantId, 1, pageSize);

  return (
    <Stack gap="lg">
      {/* A system administrator uploads for one corporation at a time; a new choice clears old results. */}
      {actsAcrossTenants ? (
        <CorporationPicker
          value={chosenGone ? null : (selectedCompany?.id ?? null)}
          onChange={selectCorporation}
          description="The corporation whose clients you are uploading"
        />
      ) : null}
      {target.tenantId === null ? (
        actsAcrossTenants ? (
          chosenGone ? (
            <CorporationRequired
              color="yellow"
              prompt={adminMessages.chosenCorporationGone}
              reason={messages.selectedCompanyUndefined}
            />
          ) : (
            <CorporationRequired prompt={adminMessages.chooseCorporationToUpload} reason={target.error} />
          )
        ) : (
          <Alert color="yellow" role="alert" title="Sign in again">
            {target.error}
          </Alert>
        )
      ) : (
        <>
          <UploadCard key={`upload-${target.tenantId}`} tenant={target.tenantId} />
          <QueueGrid key={`queue-${target.tenantId}`} tenant={target.tenantId} />
          <ProcessCard
            key={`process-${target.tenantId}`}
            tenant={target.tenantId}
            queued={firstPage.data?.totalItemCount ?? 0}
          />
        </>
      )}
    </Stack>
  );
}
