import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import {
  bulkFieldLabels,
  bulkFields,
  bulkMessages,
  bulkRowRulesSchema,
  requiredBulkFields,
  type BulkItem,
  type BulkRowData,
} from '@homeminder/shared/contracts/bulk';
import { bindFields } from '../../../components/form/field';
import { FormFailure } from '../../../components/form/form-failure';
import { useFormSubmit } from '../../../components/form/use-form-submit';
import { isEmailUnique, useUpdateItem } from '../api';
import { confirmDiscard } from '../../../components/form/unsaved-changes';

/** The form's values as the rules schema reads them (all text, as typed). */
type RowValues = z.input<typeof bulkRowRulesSchema>;

const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

const hints: Partial<Record<(typeof bulkFields)[number], string>> = {
  realtorEmail: 'Leave empty for no realtor',
  reminders:
    'Reminder names separated by ;  A frequency may follow a colon, e.g. Replace HVAC filter: Monthly',
};

/** Fixes one queued row with the same rules the server applies; the email must be free. */
export function EditRowDialog({
  tenant,
  item,
  title,
  onClose,
}: {
  tenant: string;
  item: BulkItem | null;
  /** The row by its line ("Edit line 12"), as the grid names it. */
  title: string;
  onClose: () => void;
}) {
  return (
    <Modal opened={item !== null} onClose={() => confirmDiscard(onClose)} title={title} size="lg">
      {item ? <EditRowForm key={item.id} tenant={tenant} item={item} onClose={onClose} /> : null}
    </Modal>
  );
}

function EditRowForm({ tenant, item, onClose }: { tenant: string; item: BulkItem; onClose: () => void }) {
  const update = useUpdateItem(tenant);
  const form = useForm<RowValues, unknown, RowValues>({
    defaultValues: Object.fromEntries(
      bulkFields.map((field) => [field, item.data[field] ?? '']),
    ) as RowValues,
    // The row is saved as typed; the rules only judge it.
    resolver: zodResolver(bulkRowRulesSchema, undefined, { raw: true }),
    mode: 'onTouched',
  });
  const { failure, onSubmit } = useFormSubmit(
    form,
    async (values) => {
      const unique = await isEmailUnique(tenant, textOf(values.email).trim(), item.itemId);
      if (!unique.unique) {
        form.setError('email', {
          message:
            unique.usedBy === 'client'
              ? bulkMessages.emailOfClient
              : 'Another queued row has this email address',
        });
        return;
      }
      const data: BulkRowData = {};
      for (const field of bulkFields) {
        const value = textOf(values[field]);
        if (value.trim() !== '') data[field] = value;
      }
      await update.mutateAsync({ id: item.id, data });
      onClose();
    },
    { warnUnsaved: true },
  );

  const field = bindFields(form);

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <FormFailure message={failure} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {bulkFields.map((name) => (
            <TextInput
              key={name}
              label={bulkFieldLabels[name]}
              withAsterisk={requiredBulkFields.includes(name)}
              description={hints[name]}
              {...field(name)}
            />
          ))}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => confirmDiscard(onClose)}>
            Cancel
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            Save row
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
