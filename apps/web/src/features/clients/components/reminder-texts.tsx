import { Stack, Text } from '@mantine/core';
import type { TextSettings } from '@homeminder/shared/contracts/texts';
import { textWords } from '@homeminder/shared/texts';
import { LoadError } from '../../../components/errors/load-error';
import { TextConsentForm, TextsInForce } from '../../../components/text-consent';
import { useStaffTimes } from '../../../lib/corporation-time-zone';
import { usePropertyTexts, useTurnOffPropertyTexts, useTurnOnPropertyTexts } from '../home-api';

/**
 * Reminders by text for the client (docs/decisions/106), beside how often they are emailed: theirs
 * for all their homes, read and set through `propertyId`. Not shown where the portal cannot text.
 */
export function ReminderTexts({ propertyId }: { propertyId: string }) {
  const texts = usePropertyTexts(propertyId);
  if (texts.isError) {
    return (
      <LoadError title="The client's texts could not be loaded" error={texts.error} onRetry={texts.refetch} />
    );
  }
  if (!texts.data?.offered) return null;
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        {textWords.title}
      </Text>
      {texts.data.phone && texts.data.since ? (
        <TextsOn propertyId={propertyId} phone={texts.data.phone} since={texts.data.since} />
      ) : (
        <TurnOnTexts propertyId={propertyId} texts={texts.data} />
      )}
    </Stack>
  );
}

/** The agreement in force, and a way to stop the texts at the client's request. */
function TextsOn({ propertyId, phone, since }: { propertyId: string; phone: string; since: string }) {
  const turnOff = useTurnOffPropertyTexts(propertyId);
  const day = useStaffTimes().date(since);
  return (
    <TextsInForce
      audience="staff"
      line={day ? textWords.onSince(phone, day) : textWords.on(phone)}
      turnOff={turnOff}
    />
  );
}

/** Texts off: the form that records the client agreed. */
function TurnOnTexts({ propertyId, texts }: { propertyId: string; texts: TextSettings }) {
  return <TextConsentForm audience="staff" texts={texts} turnOn={useTurnOnPropertyTexts(propertyId)} />;
}
