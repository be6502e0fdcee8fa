import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { TextSettings } from '@homeminder/shared/contracts/texts';
import { formatDueDateInWords } from '@homeminder/shared/due-date';
import { textWords } from '@homeminder/shared/texts';
import { LoadError } from '../../components/errors/load-error';
import { SectionCard } from '../../components/section-card';
import { TextConsentForm, TextsInForce } from '../../components/text-consent';
import { useTextSettings, useTurnOffTexts, useTurnOnTexts } from './api';

/**
 * Reminders by text message (docs/decisions/106): the homeowner's, for all their homes, read and
 * set through `homeId` (any of them). Not shown at all where the portal cannot text.
 */
export function TextPreferences({ homeId, timeZone }: { homeId: string; timeZone: string }) {
  const settings = useTextSettings(homeId);
  if (settings.isError) {
    return (
      <SectionCard title={textWords.title}>
        <LoadError
          title="Your text settings could not be loaded"
          error={settings.error}
          onRetry={settings.refetch}
        />
      </SectionCard>
    );
  }
  const texts = settings.data;
  if (!texts?.offered) return null;
  return (
    <SectionCard title={textWords.title}>
      {texts.phone && texts.since ? (
        <TextsOn homeId={homeId} phone={texts.phone} since={formatDueDateInWords(texts.since, timeZone)} />
      ) : (
        <TurnOnTexts homeId={homeId} texts={texts} timeZone={timeZone} />
      )}
    </SectionCard>
  );
}

/** The agreement in force: where texts go and since when, and a way to stop them at once. */
function TextsOn({ homeId, phone, since }: { homeId: string; phone: string; since: string }) {
  return (
    <TextsInForce
      audience="client"
      line={textWords.onSince(phone, since)}
      turnOff={useTurnOffTexts(homeId)}
    />
  );
}

/** Texts off: the form, after why they stopped if a STOP reply stopped them. */
function TurnOnTexts({ homeId, texts, timeZone }: { homeId: string; texts: TextSettings; timeZone: string }) {
  return (
    <TextConsentForm
      audience="client"
      texts={texts}
      note={
        texts.stoppedByReplyAt ? (
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} role="status">
            {textWords.stoppedByReply(formatDueDateInWords(texts.stoppedByReplyAt, timeZone))}
          </Alert>
        ) : null
      }
      turnOn={useTurnOnTexts(homeId)}
    />
  );
}
