import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/Table.css';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Anchor, Button, Grid, Stack, Table, Text } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { timeZones, type CorporationDetails } from '@homeminder/shared/contracts/admin';
import { formatDay, formatPhone } from '@homeminder/shared/format';
import { DetailRow } from '../../components/detail-row';
import { SectionCard } from '../../components/section-card';
import { useStaffTimes } from '../../lib/corporation-time-zone';
import { useCorporation } from './api';
import { CorporationHeader } from './components/corporation-header';
import { CorporationPending } from './components/corporation-pending';
import { LicensingCard } from './components/licensing-card';

function Details({ corporation }: { corporation: CorporationDetails }) {
  const times = useStaffTimes();
  const zone =
    timeZones.find((candidate) => candidate.value === corporation.timeZone)?.label ?? corporation.timeZone;
  return (
    <SectionCard title="Account details">
      <Table variant="vertical" withRowBorders={false} verticalSpacing={6}>
        <Table.Tbody>
          <DetailRow label="Website" labelWidth={150}>
            {corporation.siteUrl ? (
              <Anchor href={corporation.siteUrl} target="_blank" rel="noreferrer noopener">
                {corporation.siteUrl}
              </Anchor>
            ) : null}
          </DetailRow>
          <DetailRow label="Contact">
            {corporation.contactEmail || corporation.contactPhone ? (
              <Stack gap={0}>
                {corporation.contactEmail ? <Text size="sm">{corporation.contactEmail}</Text> : null}
                {corporation.contactPhone ? (
                  <Text size="sm">{formatPhone(corporation.contactPhone)}</Text>
                ) : null}
              </Stack>
            ) : null}
          </DetailRow>
          <DetailRow label="Address">
            {corporation.addressLine ? (
              <Stack gap={0}>
                <Text size="sm">{corporation.addressLine}</Text>
                <Text size="sm">
                  {corporation.city}, {corporation.state} {corporation.zip}
                </Text>
              </Stack>
            ) : null}
          </DetailRow>
          <DetailRow label="Time zone">{zone}</DetailRow>
          <DetailRow label="License term">
            {corporation.licenseStartsOn && corporation.licenseEndsOn
              ? `${formatDay(corporation.licenseStartsOn)} to ${formatDay(corporation.licenseEndsOn)}`
              : null}
          </DetailRow>
          <DetailRow label="Billing">
            {corporation.cardLast4
              ? `${corporation.cardBrand ?? 'Card'} ending ${corporation.cardLast4}, expires ${corporation.cardExpiry?.slice(0, 2)}/${corporation.cardExpiry?.slice(2)}`
              : null}
          </DetailRow>
          <DetailRow label="Customer since">{times.date(corporation.createdAt)}</DetailRow>
        </Table.Tbody>
      </Table>
    </SectionCard>
  );
}

/**
 * View Corporate Account (/adm/view/user/:id and /adm/view/corp-users/:id): details, licensing, and
 * under them the corporation's `users`.
 */
export function ViewCorporationPage({ users }: { users: (corporation: CorporationDetails) => ReactNode }) {
  const { id } = useParams();
  const corporation = useCorporation(id);

  if (!corporation.isSuccess) return <CorporationPending query={corporation} />;
  const data = corporation.data;
  return (
    <Stack gap="lg">
      <CorporationHeader
        corporation={data}
        actions={
          <Button
            component={Link}
            to={`/adm/manage/${data.id}`}
            variant="default"
            leftSection={<IconSettings size={16} aria-hidden />}
          >
            Manage settings
          </Button>
        }
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <LicensingCard tenantId={data.id} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Details corporation={data} />
        </Grid.Col>
      </Grid>
      {users(data)}
    </Stack>
  );
}
