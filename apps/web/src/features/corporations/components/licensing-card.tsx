import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Tooltip.css';
import '@mantine/core/styles/RingProgress.css';
import {
  Alert,
  Box,
  Group,
  Paper,
  Progress,
  RingProgress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { LicensingSummary } from '@homeminder/shared/contracts/admin';
import { formatCount, formatNumber, plural } from '@homeminder/shared/format';
import { licenseMessages } from '@homeminder/shared/license';
import { ServerErrorAlert } from '../../../components/form/server-error-alert';
import { useLicensing } from '../api';
import { CardTitle } from '../../../components/section-card';

/** Share of licenses in use from which the card warns that the limit is near. */
export const nearLimitShare = 0.8;

export type LicenseLevel = 'ok' | 'near' | 'full';

export function licenseLevel({ licensed, used }: Pick<LicensingSummary, 'licensed' | 'used'>): LicenseLevel {
  // A corporation that holds no license and uses none has nothing to be warned about yet.
  if (licensed === 0 && used === 0) return 'ok';
  if (used >= licensed) return 'full';
  return used / licensed >= nearLimitShare ? 'near' : 'ok';
}

function Figure({ label, value, color }: { label: string; value: number; color: string }) {
  return (
    <div>
      <Text size="xs" c="gray.7" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text fz={26} fw={700} c={color} lh={1.2}>
        {formatNumber(value)}
      </Text>
    </div>
  );
}

/** Licensing of a corporation (GET api/admin/Licensing/{tenantID}) with a chart and a warning near the limit. */
export function LicensingCard({ tenantId }: { tenantId: string }) {
  const licensing = useLicensing(tenantId);

  if (licensing.isPending) {
    return (
      <Paper withBorder p="lg">
        <Group wrap="nowrap" gap="lg">
          <Skeleton circle h={140} w={140} />
          <Stack gap="xs" style={{ flex: 1 }}>
            <Skeleton h={18} w="50%" />
            <Skeleton h={14} w="80%" />
            <Skeleton h={14} w="70%" />
          </Stack>
        </Group>
      </Paper>
    );
  }
  if (licensing.isError)
    return <ServerErrorAlert error={licensing.error} title="Licensing could not be loaded" />;

  const summary = licensing.data;
  const { licensed, used, available, pending, unsubscribed } = summary;
  const level = licenseLevel(summary);
  const share = licensed > 0 ? Math.min(100, (used / licensed) * 100) : used > 0 ? 100 : 0;
  const pendingShare = licensed > 0 ? Math.min(100 - share, (pending / licensed) * 100) : 0;
  const color = level === 'full' ? 'red' : level === 'near' ? 'yellow' : 'teal';

  return (
    <Paper withBorder p="lg">
      <Stack gap="md">
        <CardTitle>Licensing</CardTitle>
        <Group gap="xl" align="center" wrap="wrap">
          <RingProgress
            size={150}
            thickness={16}
            roundCaps
            sections={[
              { value: share, color, tooltip: `${formatNumber(used)} in use` },
              { value: pendingShare, color: 'gray.5', tooltip: `${formatNumber(pending)} pending` },
            ]}
            label={
              <Stack gap={0} align="center">
                <Text fw={700} fz={22}>
                  {Math.round(share)}%
                </Text>
                <Text size="xs" c="gray.7">
                  in use
                </Text>
              </Stack>
            }
            role="img"
            aria-label={`${formatNumber(used)} of ${formatNumber(licensed)} licenses in use`}
          />
          <Box style={{ flex: 1, minWidth: 220 }}>
            <SimpleGrid type="container" cols={{ base: 2, '440px': 4 }} spacing="lg">
              <Figure label="Licensed" value={licensed} color="dark" />
              <Figure label="In use" value={used} color={`var(--mantine-color-${color}-light-color)`} />
              <Figure label="Available" value={available} color="dark" />
              <Figure label="Pending" value={pending} color="gray.8" />
            </SimpleGrid>
          </Box>
        </Group>
        <Progress.Root size="lg" aria-hidden>
          <Progress.Section value={share} color={color} />
          <Progress.Section value={pendingShare} color="gray.4" />
        </Progress.Root>
        {unsubscribed > 0 ? (
          <Text size="sm" c="gray.8" data-testid="licensing-unsubscribed">
            {licenseMessages.unsubscribedUse(unsubscribed)}
          </Text>
        ) : null}
        {summary.licenseEndedOn ? (
          <Alert
            color="red"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            title="The license has ended"
            role="status"
          >
            {licenseMessages.endedOnHome(summary.licenseEndedOn)}
          </Alert>
        ) : level !== 'ok' ? (
          <Alert
            color={level === 'full' ? 'red' : 'yellow'}
            icon={<IconAlertTriangle size={18} aria-hidden />}
            title={level === 'full' ? 'The license limit is reached' : 'The license limit is near'}
            role="status"
          >
            {level === 'full'
              ? 'No licenses are left: new client properties cannot be activated until the license is raised.'
              : `Only ${formatNumber(available)} of ${formatCount(licensed, 'license')} ${plural(available, 'is', 'are')} left.`}
            {pending > available
              ? ` ${formatCount(pending, 'pending property', 'pending properties')} will need more licenses than are available.`
              : ''}
          </Alert>
        ) : pending > available ? (
          <Text size="sm" c="yellow.9">
            {formatNumber(pending)} pending properties will need more licenses than the{' '}
            {formatNumber(available)} available.
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
