import '@mantine/core/styles/Progress.css';
import { Link } from 'react-router';
import { Anchor, Badge, Group, Progress, Stack, Text } from '@mantine/core';
import { clientPagePath } from '@homeminder/shared/routes';
import { healthBandLabel } from '@homeminder/shared/health-score';
import type { HealthOverview } from '@homeminder/shared/contracts/home-health';
import { healthBands } from '@homeminder/shared/health-score';
import { healthBandColours } from '../../components/home-health/health-card';
import { QueryCard } from '../../components/query-card';
import { useHomesHealth } from './api';

function Bands({ bands }: { bands: HealthOverview['bands'] }) {
  const countOf = (band: string) => bands.find((one) => one.band === band)?.count ?? 0;
  const total = healthBands.reduce((sum, one) => sum + countOf(one.band), 0);
  if (total === 0) return <Text size="sm">No home is scored yet: scores are worked out each day.</Text>;
  return (
    <Stack gap={6}>
      <Progress.Root size={18} aria-hidden>
        {healthBands.map(({ band }) =>
          countOf(band) > 0 ? (
            <Progress.Section
              key={band}
              value={(countOf(band) / total) * 100}
              color={healthBandColours[band].ring}
            />
          ) : null,
        )}
      </Progress.Root>
      <Group
        gap="lg"
        component="ul"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
        aria-label="Homes by health"
      >
        {healthBands.map(({ band, label }) => (
          <Text component="li" size="sm" key={band}>
            <Text span fw={700}>
              {countOf(band)}
            </Text>{' '}
            {label}
          </Text>
        ))}
      </Group>
    </Stack>
  );
}

/**
 * Home's card of the homes' health (docs/decisions/095): how many homes are in each band, and the
 * lowest scored first with the reason that costs them most, each a way into the client: a
 * realtor's own clients' homes, or the corporation's.
 */
export function HomesHealth() {
  const health = useHomesHealth();
  return (
    <QueryCard
      titleId="homes-health"
      title="Homes' health"
      query={health}
      loadingHeight={120}
      errorTitle="The homes' health could not be loaded"
    >
      {(data) => (
        <Stack gap="md">
          <Bands bands={data.bands} />
          {data.lowest.length > 0 ? (
            <Stack
              gap="xs"
              component="ol"
              aria-label="Lowest scores first"
              style={{ paddingLeft: 0, margin: 0 }}
            >
              {data.lowest.map((home) => (
                <Group key={home.propertyId} component="li" gap="sm" wrap="nowrap" align="flex-start">
                  <Badge color={healthBandColours[home.band].badge} variant="filled" miw={48}>
                    {home.score}
                  </Badge>
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Anchor component={Link} to={`/${clientPagePath(home.clientId)}`} fw={600}>
                      {home.clientName}
                    </Anchor>
                    <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                      {home.addressLine} · {healthBandLabel(home.band)}
                      {home.reason ? ` · ${home.reason}` : ''}
                    </Text>
                  </Stack>
                </Group>
              ))}
            </Stack>
          ) : null}
          <Text size="xs" c="gray.7">
            {data.lowest.length > 0 ? 'Lowest score first. ' : 'No home has lost points. '}
            Scores are worked out each day and whenever a home is opened.
          </Text>
        </Stack>
      )}
    </QueryCard>
  );
}
