import { Alert, List, Text } from '@mantine/core';
import { bulkMessages, type BulkPreview } from '@homeminder/shared/contracts/bulk';
import { defaultSetNotice } from '@homeminder/shared/contracts/default-reminders';

/**
 * Said before processing: ready rows that name no reminders get the corporation's default set, which
 * is listed (docs/decisions/060); without a default set, their clients would get no reminders.
 */
export function WithoutRemindersNotice({
  preview,
}: {
  preview: Pick<BulkPreview, 'withoutReminders' | 'defaultReminders'>;
}) {
  const { withoutReminders, defaultReminders } = preview;
  if (defaultReminders.length === 0) {
    return (
      <Alert color="yellow" data-testid="without-reminders">
        {bulkMessages.withoutReminders(withoutReminders)}
      </Alert>
    );
  }
  return (
    <Alert color="blue" data-testid="without-reminders" title="Rows without reminders">
      <Text size="sm">{defaultSetNotice(withoutReminders, defaultReminders.length)}</Text>
      <List size="sm" mt={4} aria-label="Your default reminders">
        {defaultReminders.map((reminder) => (
          <List.Item key={reminder.name}>
            {reminder.name} ({reminder.frequencyName.toLowerCase()})
          </List.Item>
        ))}
      </List>
      <Text size="sm" mt={4}>
        To give them other reminders, add a Reminders column to the file, or change them on the Clients screen
        once they are created.
      </Text>
    </Alert>
  );
}
