import { useEffect, useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert, Button, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import {
  bulkFieldLabels,
  bulkFields,
  bulkMessages,
  bulkRowRulesSchema,
  realtorMatchKey,
  requiredBulkFields,
  type BulkField,
  type BulkItem,
  type BulkRowData,
} from '@homeminder/shared/contracts/bulk';
import { bulkProblemFields, withZipRepaired } from '@homeminder/shared/contracts/bulk-row-check';
import { homeColumnHint, isHomeColumnName } from '@homeminder/shared/contracts/home-columns';
import type { RealtorOption } from '@homeminder/shared/contracts/clients';
import { bindFields } from '../../../components/form/field';
import { SelectField } from '../../../components/form/select-field';
import { ServerErrorAlert } from '../../../components/form/server-error-alert';
import { useFormSubmit } from '../../../components/form/use-form-submit';
import { isEmailUnique, useBulkRealtors, useUpdateItem } from '../api';
import { confirmDiscard } from '../../../components/form/unsaved-changes';

/** The kind of error that marks a field the queue's problem is about. */
const queueMark = 'queue';

/** The form's values as the rules schema reads them (all text, as typed). */
type RowValues = z.input<typeof bulkRowRulesSchema>;

const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

const hints: Partial<Record<(typeof bulkFields)[number], string>> = {
  reminders:
    'Reminder names separated by ;  A frequency may follow a colon, e.g. Replace HVAC filter: Monthly',
};

/** The Realtor choice's "No realtor": a select's choices cannot be empty text. */
const noRealtor = 'none';

/** The realtor a cell names, by email or full name as the server matches it; else undefined. */
const realtorNamed = (text: string, realtors: readonly RealtorOption[]) =>
  realtors.find(
    (realtor) =>
      realtorMatchKey(realtor.email) === realtorMatchKey(text) ||
      realtorMatchKey(`${realtor.firstName} ${realtor.lastName}`) === realtorMatchKey(text),
  );

/**
 * The row's realtor chosen from the corporation's: the choice is kept as the realtor's email. A cell
 * naming no realtor stays a choice of its own, saying so, until another is chosen.
 */
function RealtorChoice({
  tenant,
  control,
  cell,
  autoFocus,
  marked,
}: {
  tenant: string;
  control: ReturnType<typeof useForm<RowValues, unknown, RowValues>>['control'];
  cell: string;
  /** The row's problem is about the realtor: the dialog opens on it. */
  autoFocus: boolean;
  marked: boolean;
}) {
  const realtors = useBulkRealtors(tenant).data;
  const choices = useMemo(() => {
    const known = realtors ?? [];
    const unmatched = cell.trim() !== '' && !realtorNamed(cell, known);
    return [
      { value: noRealtor, label: 'No realtor' },
      ...(unmatched ? [{ value: cell, label: `${cell.trim()} (not a realtor of the company)` }] : []),
      ...known.map((realtor) => ({
        value: realtor.email,
        label: `${realtor.firstName} ${realtor.lastName} (${realtor.email})`,
      })),
    ];
  }, [realtors, cell]);
  return (
    <SelectField
      control={control}
      name="realtorEmail"
      label={bulkFieldLabels.realtorEmail}
      description="The company's realtor this client will have"
      data={choices}
      format={(value) => {
        const text = typeof value === 'string' ? value : '';
        if (text.trim() === '') return noRealtor;
        return realtorNamed(text, realtors ?? [])?.email ?? text;
      }}
      parse={(choice) => (choice === null || choice === noRealtor ? '' : choice)}
      allowDeselect={false}
      searchable
      nothingFoundMessage="No realtor of that name"
      data-autofocus={autoFocus || undefined}
      error={marked}
    />
  );
}

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
    // The row is saved as typed (a ZIP that lost its leading 0 with it given back); the rules only validate it.
    resolver: (values, context, options) =>
      zodResolver(bulkRowRulesSchema, undefined, { raw: true })(withZipRepaired(values), context, options),
    mode: 'onTouched',
  });
  // The fields the row's problem is about are marked from the start, and the dialog opens on the
  // first. The reason is said once, above the fields: a message under a field would vanish when the
  // field is left, and the Save button moving under the pointer would lose the click.
  const firstProblem = bulkProblemFields(item.validationError)[0];
  useEffect(() => {
    for (const name of bulkProblemFields(item.validationError))
      form.setError(name, { type: queueMark, message: '' });
  }, [form, item.validationError]);
  const marked = (name: BulkField) => form.getFieldState(name, form.formState).error?.type === queueMark;
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
        <ServerErrorAlert error={failure} />
        {item.validationError ? (
          <Alert color="red" variant="light" title="This row's problem" data-testid="row-dialog-problem">
            {item.validationError}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {bulkFields.map((name) =>
            name === 'realtorEmail' ? (
              <RealtorChoice
                key={name}
                tenant={tenant}
                control={form.control}
                cell={item.data.realtorEmail ?? ''}
                autoFocus={firstProblem === name}
                marked={marked(name)}
              />
            ) : (
              <TextInput
                key={name}
                label={bulkFieldLabels[name]}
                withAsterisk={requiredBulkFields.includes(name)}
                description={hints[name] ?? (isHomeColumnName(name) ? homeColumnHint(name) : undefined)}
                data-autofocus={firstProblem === name || undefined}
                {...field(name)}
                error={marked(name) || field(name).error}
              />
            ),
          )}
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
