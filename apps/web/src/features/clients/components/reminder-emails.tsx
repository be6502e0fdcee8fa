import { Alert, Text } from '@mantine/core';
import { IconMailPause } from '@tabler/icons-react';
import type { PropertyDetail } from '@homeminder/shared/contracts/clients';
import { attentionReasonLabels } from '@homeminder/shared/attention-words';
import { emailCadenceWords, heardCadence, quietAfter } from '@homeminder/shared/email-cadence';
import { reminderTimingWords } from '@homeminder/shared/reminder-timing';
import { EmailCadenceChoice, LeadDaysChoice } from '../../../components/reminder-choices';
import { useSetPropertyEmailCadence, useSetPropertyTiming } from '../home-api';

/**
 * A client who left their last reminders unanswered hears less (docs/decisions/103): once a month,
 * then nothing, until they answer one. Says so, whatever they chose.
 */
export function QuietNote({ property }: { property: PropertyDetail }) {
  const count = property.unansweredReminders;
  if (count < quietAfter.monthly) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconMailPause size={18} aria-hidden />}
      title={attentionReasonLabels.quiet}
      role="status"
    >
      <Text size="sm">{emailCadenceWords.quietNote(count, heardCadence(property.emailCadence, count))}</Text>
    </Alert>
  );
}

/**
 * When a home's reminders are sent (docs/decisions/102) and how often its owner is emailed (the
 * client's choice, for all their homes), each saved as soon as it is chosen.
 */
export function ReminderEmailChoices({ property }: { property: PropertyDetail }) {
  const setTiming = useSetPropertyTiming(property.id);
  const setCadence = useSetPropertyEmailCadence(property.id);
  return (
    <>
      <LeadDaysChoice
        leadDays={property.leadDays}
        legend={reminderTimingWords.staffLegend}
        change={setTiming}
      />
      <EmailCadenceChoice
        emailCadence={property.emailCadence}
        legend={emailCadenceWords.staffLegend}
        change={setCadence}
      />
    </>
  );
}
