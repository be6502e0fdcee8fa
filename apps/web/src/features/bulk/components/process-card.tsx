import '@mantine/core/styles/CheckboxCard.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Checkbox.css';
import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { IconUsersPlus } from '@tabler/icons-react';
import { bulkMessages } from '@homeminder/shared/contracts/bulk';
import { formatNumber } from '@homeminder/shared/format';
import { licenseMessages } from '@homeminder/shared/license';
import { useBulkPreview, useProcessQueue } from '../api';
import { useBulkState } from '../bulk-state';
import {
  createLabel,
  licensesMissingText,
  resultsText,
  waitingAsPendingHint,
  waitingAsPendingLabel,
} from '../bulk-text';
import { WithoutRemindersNotice } from './without-reminders-notice';
import { StepCard } from './step-card';
import { ServerErrorAlert } from '../../../components/form/server-error-alert';

/** What processing will do, the button that does it, and the last result. */
export function ProcessCard({ tenant, queued }: { tenant: string; queued: number }) {
  const preview = useBulkPreview(tenant, queued > 0);
  const process = useProcessQueue(tenant);
  const recordResults = useBulkState((state) => state.recordResults);
  const results = useBulkState((state) => state.addUserResults);
  const [asPending, setAsPending] = useState(false);

  const data = queued > 0 ? preview.data : undefined;
  // Rows waiting for a license may be created pending instead, which uses none.
  const offerPending = data !== undefined && data.needsLicenses > 0;
  const pendingChosen = offerPending && asPending;
  const toCreate = data ? (pendingChosen ? data.valid : data.toCreate) : 0;

  async function run() {
    const result = await process.mutateAsync({ waitingAsPending: pendingChosen });
    recordResults(result);
    setAsPending(false);
  }

  const tiles = [
    { label: 'Ready to create', value: data?.toCreate, color: 'teal.8' },
    { label: 'With problems', value: data?.withErrors, color: data?.withErrors ? 'red.8' : undefined },
    { label: 'Licenses free', value: data?.licensesFree },
    {
      label: 'Licenses missing',
      value: data?.needsLicenses,
      color: data?.needsLicenses ? 'orange.8' : undefined,
    },
  ];

  return (
    <StepCard
      title="3. Create the clients"
      description="Each ready row becomes a client with their property and reminders. Rows with problems stay in the queue for you to fix."
    >
      {queued > 0 ? (
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" aria-label="Before creating" role="group">
          {tiles.map((tile) => (
            <Paper
              key={tile.label}
              withBorder
              p="xs"
              role="status"
              aria-label={`${tile.label}: ${tile.value ?? '…'}`}
            >
              <Text size="xs" fw={700} tt="uppercase" c="dimmed">
                {tile.label}
              </Text>
              {tile.value === undefined ? (
                <Skeleton h={26} w={50} />
              ) : (
                <Text fz={22} fw={700} c={tile.color}>
                  {formatNumber(tile.value)}
                </Text>
              )}
            </Paper>
          ))}
        </SimpleGrid>
      ) : null}
      <ServerErrorAlert error={preview.error} />
      {data?.licenseEndedOn ? (
        <Alert color="red">{licenseMessages.ended(data.licenseEndedOn)}</Alert>
      ) : data && data.needsLicenses > 0 ? (
        <Alert color="orange">{licensesMissingText(data.needsLicenses)}</Alert>
      ) : null}
      {offerPending ? (
        <Checkbox
          checked={asPending}
          onChange={(event) => setAsPending(event.currentTarget.checked)}
          label={waitingAsPendingLabel(data.needsLicenses)}
          description={waitingAsPendingHint}
        />
      ) : null}
      {data && data.withoutReminders > 0 ? <WithoutRemindersNotice preview={data} /> : null}
      {data && data.withoutRealtor > 0 ? (
        <Alert color="yellow" data-testid="without-realtor">
          {bulkMessages.withoutRealtor(data.withoutRealtor)}
        </Alert>
      ) : null}

      <Group>
        <Button
          leftSection={<IconUsersPlus size={16} aria-hidden />}
          loading={process.isPending}
          disabled={queued === 0 || (data !== undefined && toCreate === 0)}
          onClick={() => void run().catch(() => undefined)}
        >
          {createLabel(toCreate)}
        </Button>
        {process.isPending ? (
          <Text size="sm" c="dimmed" aria-live="polite">
            Creating the clients. Large queues take a minute; keep this page open.
          </Text>
        ) : null}
      </Group>

      <ServerErrorAlert error={process.error} title="Processing stopped">
        Rows created so far are kept; process again to go on.
      </ServerErrorAlert>

      {results ? (
        <Alert
          color={results.errors > 0 || results.licenseOverage > 0 ? 'yellow' : 'teal'}
          title="Last processing"
          role="status"
          data-testid="process-results"
        >
          <Text size="sm">{resultsText(results)}</Text>
        </Alert>
      ) : null}
    </StepCard>
  );
}
