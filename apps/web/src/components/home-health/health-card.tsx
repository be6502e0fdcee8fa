import '@mantine/core/styles/Tooltip.css';
import '@mantine/core/styles/RingProgress.css';
import { Badge, Group, List, RingProgress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconHeartbeat } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { HomeHealth } from '@homeminder/shared/contracts/home-health';
import { healthBandLabel, healthReasonLine, type HealthBand } from '@homeminder/shared/health-score';
import { LoadError } from '../errors/load-error';

/** Each band's colour: the ring's, and the badge's (dark enough to read on white). */
export const healthBandColours: Record<HealthBand, { ring: string; badge: string }> = {
  good: { ring: 'teal.6', badge: 'teal.9' },
  fair: { ring: 'yellow.6', badge: 'yellow.9' },
  poor: { ring: 'red.6', badge: 'red.9' },
};

/**
 * A home's health score (docs/decisions/095), never a bare number: the score on a ring, its band,
 * what would raise it most, and every reason it lost points. For its owner ("your") and staff.
 */
export function HealthCard({
  health,
  audience,
  headingOrder,
}: {
  health: UseQueryResult<HomeHealth>;
  audience: 'homeowner' | 'staff';
  headingOrder: 3 | 4;
}) {
  const title = audience === 'homeowner' ? "Your home's health" : 'Home health';
  const titleId = `health-${audience}`;
  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Group gap={8}>
        <IconHeartbeat size={20} aria-hidden />
        <Title order={headingOrder} size="h5" id={titleId}>
          {title}
        </Title>
      </Group>
      {health.isPending ? <Skeleton h={96} /> : null}
      {health.isError ? (
        <LoadError
          title="The health score could not be loaded"
          error={health.error}
          onRetry={health.refetch}
        />
      ) : null}
      {health.data ? <HealthScoreView health={health.data} audience={audience} /> : null}
    </Stack>
  );
}

function HealthScoreView({ health, audience }: { health: HomeHealth; audience: 'homeowner' | 'staff' }) {
  const colours = healthBandColours[health.band];
  const [first] = health.reasons;
  return (
    <Stack gap="sm">
      <Group gap="md" wrap="nowrap" align="center">
        <RingProgress
          size={96}
          thickness={9}
          roundCaps
          sections={[{ value: health.score, color: colours.ring }]}
          label={
            <Text ta="center" fw={700} size="xl" aria-hidden>
              {health.score}
            </Text>
          }
          aria-hidden
        />
        <Stack gap={4} style={{ minWidth: 0 }}>
          {/* A badge is a block: beside the text, never inside its paragraph. */}
          <Group gap={8}>
            <Text fw={600}>{health.score} out of 100</Text>
            <Badge color={colours.badge} variant="filled">
              {healthBandLabel(health.band)}
            </Badge>
          </Group>
          <Text size="sm" c="gray.7">
            {first
              ? `What would raise it most: ${first.raise}.`
              : audience === 'homeowner'
                ? 'Nothing takes points away: your home is well cared for.'
                : 'Nothing takes points away: the home is well cared for.'}
          </Text>
        </Stack>
      </Group>
      {health.reasons.length > 0 ? (
        <List spacing={6} size="sm" aria-label="Why it lost points">
          {health.reasons.map((reason) => (
            <List.Item key={reason.text}>
              <Text size="sm">{healthReasonLine(reason)}</Text>
            </List.Item>
          ))}
        </List>
      ) : null}
    </Stack>
  );
}
