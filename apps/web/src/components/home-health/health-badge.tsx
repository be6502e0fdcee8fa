import { Badge, Text } from '@mantine/core';
import { healthBandLabel } from '@homeminder/shared/health-score';
import { healthBandOf } from '@homeminder/shared/health-score';
import { healthBandColours } from './health-card';

/** A home's kept health score in a list, in its band's colour, its band named for a screen reader. */
export function HealthBadge({ score }: { score: number | null }) {
  if (score === null)
    return (
      <Text size="sm" c="gray.7">
        Not yet
      </Text>
    );
  const band = healthBandOf(score);
  return (
    <Badge
      color={healthBandColours[band].badge}
      variant="filled"
      aria-label={`Health ${score}, ${healthBandLabel(band)}`}
      // Its whole label, however narrow the column (a score of 100 is the widest).
      miw="max-content"
    >
      Health {score}
    </Badge>
  );
}
