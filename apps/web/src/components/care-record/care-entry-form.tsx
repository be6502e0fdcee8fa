import '@mantine/core/styles/CheckboxCard.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Checkbox.css';
import { useState } from 'react';
import { Checkbox, FileInput, SimpleGrid, Text, TextInput, Textarea } from '@mantine/core';
import { useWatch } from 'react-hook-form';
import { IconPaperclip } from '@tabler/icons-react';
import {
  careEntryFormSchema,
  careRecordLabels as labels,
  careRecordLimits,
  type CareEntry,
  type CareEntryValues,
} from '@homeminder/shared/contracts/care-record';
import type { HomeSystem } from '@homeminder/shared/contracts/home-systems';
import { homeSystemTitle } from '@homeminder/shared/contracts/home-system-words';
import { formatPhone } from '@homeminder/shared/format';
import { formatDayInWords } from '@homeminder/shared/due-date';
import { bindFields } from '../form/field';
import { SelectField } from '../form/select-field';
import { ServerErrorAlert } from '../form/server-error-alert';
import { useFormSubmit } from '../form/use-form-submit';
import { useRulesForm } from '../form/use-rules-form';
import { HomeSectionForm } from '../home-section';
import { careFileProblem } from './care-record-calls';

/** An entry's values as the form starts with them: its own, or today's date and nothing else. */
function startingValues(entry: CareEntry | undefined, today: string): CareEntryValues {
  if (!entry)
    return {
      title: '',
      doneOn: today,
      systemId: null,
      replacesSystem: false,
      proName: '',
      proPhone: '',
      cost: '',
      note: '',
    };
  return {
    title: entry.title,
    doneOn: entry.doneOn,
    systemId: entry.systemId,
    replacesSystem: entry.replacesSystem,
    proName: entry.proName ?? '',
    proPhone: entry.proPhone ? formatPhone(entry.proPhone) : '',
    cost: entry.cost === null ? '' : String(entry.cost),
    note: entry.note ?? '',
  };
}

/**
 * Records work done to a home, or changes an entry (docs/decisions/094): what, when, on which
 * system, who did it and its cost; photos and receipts may come with a new entry. A reminder's
 * entry keeps its title and date, which are the reminder's.
 */
export function CareEntryForm({
  entry,
  systems,
  today,
  save,
  onClose,
  headingOrder,
}: {
  /** The entry changed; none when work is recorded. */
  entry?: CareEntry;
  systems: readonly HomeSystem[];
  /** Today in the home's time zone, 'YYYY-MM-DD': the latest date done. */
  today: string;
  save: (values: CareEntryValues, files: File[]) => Promise<unknown>;
  onClose: () => void;
  headingOrder: 4 | 5;
}) {
  const form = useRulesForm(careEntryFormSchema, startingValues(entry, today));
  const [files, setFiles] = useState<File[]>([]);
  const fileProblem = files.map(careFileProblem).find(Boolean) ?? null;
  const tooManyFiles = files.length > careRecordLimits.filesPerEntry;
  const { failure, onSubmit } = useFormSubmit(form, async (values) => {
    if (fileProblem || tooManyFiles) return;
    await save(values, files);
    onClose();
  });
  const systemId = useWatch({ control: form.control, name: 'systemId' });
  const fromReminder = entry?.fromReminder ?? false;
  const title = entry ? `Change "${entry.title}"` : 'Record work on the home';
  const field = bindFields(form);
  const systemOptions = [
    { value: '', label: labels.noSystem },
    ...systems.map((system) => ({ value: system.id, label: homeSystemTitle(system) })),
  ];

  return (
    <HomeSectionForm
      title={title}
      order={headingOrder}
      onSubmit={onSubmit}
      submitting={form.formState.isSubmitting}
      submitLabel={entry ? 'Save' : 'Save to the record'}
      onCancel={onClose}
    >
      {fromReminder ? (
        <Text size="sm" c="gray.7">
          Marked done on {formatDayInWords(entry!.doneOn)}: its title and date are the reminder's.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label={labels.title}
            placeholder={labels.titlePlaceholder}
            required
            maxLength={careRecordLimits.title}
            {...field('title')}
          />
          <TextInput type="date" label={labels.doneOn} required max={today} {...field('doneOn')} />
        </SimpleGrid>
      )}
      {systems.length > 0 ? (
        <SelectField
          control={form.control}
          name="systemId"
          label={labels.system}
          data={systemOptions}
          format={(value) => (typeof value === 'string' ? value : '')}
          parse={(choice) => choice || null}
          allowDeselect={false}
          maw={360}
        />
      ) : null}
      {systemId && !fromReminder ? (
        <Checkbox label={labels.replacesSystem} {...field('replacesSystem')} />
      ) : null}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label={labels.proName}
          description={labels.proNameHint}
          maxLength={careRecordLimits.proName}
          autoComplete="off"
          {...field('proName')}
        />
        <TextInput type="tel" label={labels.proPhone} autoComplete="off" {...field('proPhone')} />
      </SimpleGrid>
      <TextInput
        label={labels.cost}
        leftSection="$"
        inputMode="decimal"
        placeholder="0.00"
        maw={200}
        {...field('cost')}
      />
      <Textarea
        label={labels.note}
        autosize
        minRows={2}
        maxLength={careRecordLimits.note}
        {...field('note')}
      />
      {entry ? null : (
        <FileInput
          label={labels.files}
          description={`Photos (PNG, JPEG, WebP) or PDFs, up to ${careRecordLimits.filesPerEntry}.`}
          multiple
          clearable
          accept="image/png,image/jpeg,image/webp,application/pdf"
          leftSection={<IconPaperclip size={16} aria-hidden />}
          value={files}
          onChange={setFiles}
          error={
            fileProblem ??
            (tooManyFiles ? `Choose at most ${careRecordLimits.filesPerEntry} files.` : undefined)
          }
          maw={420}
        />
      )}
      <ServerErrorAlert error={failure} title="It was not saved" />
    </HomeSectionForm>
  );
}
