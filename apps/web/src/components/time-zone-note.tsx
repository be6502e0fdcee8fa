import { Text } from '@mantine/core';
import { timeZoneNote } from '@homeminder/shared/format';

/** Names, beside a screen's times, the zone they are in (docs/decisions/074); nothing until it is known. */
export function TimeZoneNote({ timeZone }: { timeZone: string | undefined }) {
  if (!timeZone) return null;
  return (
    <Text size="xs" c="gray.7">
      {timeZoneNote(timeZone)}
    </Text>
  );
}
