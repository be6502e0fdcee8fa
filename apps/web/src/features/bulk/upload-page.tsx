import { Alert, Paper, Select, Stack, Text } from '@mantine/core';
import { Privilege } from '@homeminder/shared/permissions';
import { errorMessageOf } from '../../lib/api-error';
import { hasAnyPrivilege, useSession } from '../../lib/session-store';
import { useBulkPage, useCompanies } from './api';
import { bulkTenant, useBulkState } from './bulk-state';
import { ProcessCard } from './components/process-card';
import { QueueGrid } from './components/queue-grid';
import { UploadCard } from './components/upload-card';

/** Bulk Upload Clients: a spreadsheet in, checked rows in a queue, clients out. */
export function Component() {
  const actsAcrossTenants = useSession((state) => hasAnyPrivilege([Privilege.ActAcrossTenants], state));
  const ownTenant = useSession((state) => state.tenantID);
  const selectedCompany = useBulkState((state) => state.selectedCompany);
  const pageSize = useBulkState((state) => state.pageSize);
  const target = bulkTenant(actsAcrossTenants, ownTenant, selectedCompany);
  const firstPage = useBulkPage(target.tenantId, 1, pageSize);

  return (
    <Stack gap="lg">
      {actsAcrossTenants ? <CompanyPicker /> : null}
      {target.tenantId === null ? (
        <Alert color="yellow" role="alert" title="Choose a company first">
          {target.error}
        </Alert>
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

/** A system administrator uploads for one corporation at a time; a new choice clears old results. */
function CompanyPicker() {
  const companies = useCompanies(true);
  const selectedCompany = useBulkState((state) => state.selectedCompany);
  const selectCompany = useBulkState((state) => state.selectCompany);
  const options = (companies.data?.items ?? []).map((company) => ({
    value: company.id,
    label: company.name,
  }));
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Select
          label="Company"
          description="The corporation whose clients you are uploading"
          placeholder={companies.isPending ? 'Loading the companies…' : 'Choose a company'}
          data={options}
          value={selectedCompany?.id ?? null}
          onChange={(value) => {
            const company = options.find((option) => option.value === value);
            selectCompany(company ? { id: company.value, name: company.label } : null);
          }}
          searchable
          nothingFoundMessage="No company of that name"
          maw={420}
        />
        {companies.isError ? (
          <Text size="sm" c="red.8" role="alert">
            {errorMessageOf(companies.error)}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
