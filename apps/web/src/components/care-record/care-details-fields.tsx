import { Box, Stack, Text, TextInput } from '@mantine/core';
import { careRecordLabels as labels, careRecordLimits } from '@homeminder/shared/care-record-words';

/**
 * Who did the work and what it cost, under a "Done" (docs/decisions/094): plain named fields in a
 * disclosure that opens without script, so the emailed link's page posts them as a plain form.
 * Naming a company or a phone makes it a professional's work.
 */
export function CareDetailsFields() {
  return (
    <Box component="details">
      <Text component="summary" size="sm" fw={600} style={{ cursor: 'pointer' }}>
        {labels.details}
      </Text>
      <Stack gap="sm" mt="sm">
        <TextInput
          name="proName"
          label={labels.proName}
          description={labels.proNameHint}
          maxLength={careRecordLimits.proName}
          autoComplete="off"
        />
        <TextInput name="proPhone" type="tel" label={labels.proPhone} autoComplete="off" />
        <TextInput
          name="cost"
          label={labels.cost}
          leftSection="$"
          inputMode="decimal"
          placeholder="0.00"
          autoComplete="off"
          maw={200}
        />
      </Stack>
    </Box>
  );
}
