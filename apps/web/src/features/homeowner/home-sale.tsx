import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconHomeShare } from '@tabler/icons-react';
import type { SoldHome } from '@homeminder/shared/contracts/home-sale';
import { formatDayInWords } from '@homeminder/shared/due-date';
import { ServerErrorAlert } from '../../components/form/server-error-alert';
import { downloadSoldHomeReport, useHomeSale, useSoldHomes } from './api';
import { useAsyncAction } from '../../components/form/use-async-action';

/** A home of the homeowner's sold and not yet closed: when it passes to its buyer (docs/decisions/096). */
export function HomeSaleNotice({ homeId }: { homeId: string }) {
  const sale = useHomeSale(homeId).data?.sale;
  if (!sale) return null;
  return (
    <Alert color="violet" variant="light" icon={<IconHomeShare aria-hidden />} title="This home is sold">
      On {formatDayInWords(sale.closingOn)} it passes to its buyer, with its care record and reminders. You
      will get the home report by email that day, and keep it here.
    </Alert>
  );
}

function SoldHomeRow({ home }: { home: SoldHome }) {
  const { busy, failure, run } = useAsyncAction();
  const download = () => run(() => downloadSoldHomeReport(home.id));
  return (
    <Stack gap={6}>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {home.address}
      </Text>
      <Text size="sm" c="gray.7">
        Sold on {formatDayInWords(home.closingOn)}
      </Text>
      <Button
        variant="default"
        leftSection={<IconDownload size={16} aria-hidden />}
        onClick={() => void download()}
        loading={busy}
        aria-label={`Download the home report of ${home.address}`}
        w={{ base: '100%', xs: 'auto' }}
      >
        Download the home report
      </Button>
      <ServerErrorAlert error={failure} title="The report could not be downloaded" />
    </Stack>
  );
}

/** The homes the homeowner sold, each with its report as it stood at the closing. */
export function SoldHomesCard() {
  const sold = useSoldHomes().data?.homes ?? [];
  if (sold.length === 0) return null;
  return (
    <Paper component="section" withBorder p={{ base: 'md', sm: 'lg' }} aria-labelledby="sold-homes">
      <Stack gap="md">
        <Title order={2} size="h4" id="sold-homes">
          Homes you sold
        </Title>
        <Text size="sm">
          The home report as it stood on the closing date: its profile, systems and everything done to it.
        </Text>
        {sold.map((home) => (
          <SoldHomeRow key={home.id} home={home} />
        ))}
      </Stack>
    </Paper>
  );
}
