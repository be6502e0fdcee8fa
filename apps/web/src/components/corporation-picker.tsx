import '@mantine/core/styles/Combobox.css';
import { Alert, Paper, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { errorMessageOf } from '../lib/api-error';
import { api } from '../lib/http';
import { useSession } from '../lib/session-store';
import { queryKey } from '../lib/query-keys';

/** The customer corporations the operator may act for: the enabled ones, by name. */
export function useEnabledCorporations(enabled = true) {
  const tenantId = useSession((state) => state.tenantID);
  return useQuery({
    queryKey: queryKey(tenantId, 'companies'),
    queryFn: ({ signal }) =>
      api.post('/admin/corporation/query', {
        body: { pageSize: 'all', status: 'enabled', sorting: [{ propertyName: 'name', dir: 'asc' }] },
        signal,
      }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/**
 * The operator's choice of the corporation a screen acts for, asked before anything else on that
 * screen: one idiom wherever the operator works in a customer's data (bulk upload, client accounts).
 */
export function CorporationPicker({
  value,
  onChange,
  description,
}: {
  value: string | null;
  onChange: (corporation: { id: string; name: string } | null) => void;
  /** What the corporation is chosen for, e.g. "The corporation whose clients you are uploading". */
  description: string;
}) {
  const corporations = useEnabledCorporations();
  const options = (corporations.data?.items ?? []).map((corporation) => ({
    value: corporation.id,
    label: corporation.name,
  }));
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Select
          label="Company"
          description={description}
          placeholder={corporations.isPending ? 'Loading the companies…' : 'Choose a company'}
          data={options}
          value={value}
          onChange={(chosen) => {
            const option = options.find((candidate) => candidate.value === chosen);
            onChange(option ? { id: option.value, name: option.label } : null);
          }}
          searchable
          nothingFoundMessage="No company of that name"
          maw={420}
        />
        {corporations.isError ? (
          <Text size="sm" c="red.8" role="alert">
            {errorMessageOf(corporations.error)}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

/**
 * What the operator reads until a corporation is chosen: what to do, and the catalogue's reason that
 * nothing can be asked of the server yet (docs/requirements.md §9).
 */
export function CorporationRequired({
  prompt,
  reason,
  color = 'blue',
}: {
  prompt: string;
  reason: string;
  color?: 'blue' | 'yellow';
}) {
  return (
    <Alert color={color} title={prompt} maw={720}>
      {reason}
    </Alert>
  );
}
