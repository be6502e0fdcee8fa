import { useState } from 'react';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import {
  templateCreateSchema,
  templateLimits,
  templateMessages,
  type TemplateCreate,
} from '@homeminder/shared/contracts/templates';
import { bindFields } from '../../components/form/field';
import { ServerErrorAlert } from '../../components/form/server-error-alert';
import { useFormSubmit } from '../../components/form/use-form-submit';
import { useRulesForm } from '../../components/form/use-rules-form';
import { templateIdExists, templateNameExists, useCreateTemplate } from './api';

/** A new template: its id and name, each checked with the server as soon as it is entered. */
export function TemplateForm({
  onCreated,
  onCancel,
}: {
  onCreated: (created: TemplateCreate) => void;
  onCancel: () => void;
}) {
  const create = useCreateTemplate();
  const form = useRulesForm(templateCreateSchema, { templateId: '', name: '' });
  const { isSubmitting } = form.formState;
  const { failure, onSubmit } = useFormSubmit(
    form,
    async (input) => {
      await create.mutateAsync(input);
      onCreated(input);
    },
    { warnUnsaved: true },
  );

  // Kept apart from the form's own errors, so re-validating a field on blur does not make the
  // message blink (and the buttons below jump) while the server is asked again.
  const [taken, setTaken] = useState<Partial<Record<'templateId' | 'name', string>>>({});

  /** Says at once when the id or the name is taken; the server checks again when saving. */
  const checkTaken = async (field: 'templateId' | 'name') => {
    if (!(await form.trigger(field))) return;
    const value = form.getValues(field).trim();
    try {
      const exists = field === 'templateId' ? await templateIdExists(value) : await templateNameExists(value);
      const message = field === 'templateId' ? templateMessages.templateIdTaken : templateMessages.nameTaken;
      setTaken((current) => ({ ...current, [field]: exists ? message : undefined }));
    } catch {
      // Not worth an error of its own: saving settles the same question.
    }
  };
  const clearTaken = (field: 'templateId' | 'name') =>
    setTaken((current) => ({ ...current, [field]: undefined }));
  /** A required field, as long as its limit allows, whose value is checked with the server once entered. */
  const field = bindFields(form);
  const checkedField = (name: 'templateId' | 'name') => {
    const bound = field(name, { onBlur: () => void checkTaken(name), onChange: () => clearTaken(name) });
    return { ...bound, required: true, maxLength: templateLimits[name], error: bound.error ?? taken[name] };
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <ServerErrorAlert error={failure} />
        <TextInput
          label="Name"
          description="How people recognise the template, for example “Welcome letter”."
          {...checkedField('name')}
        />
        <TextInput
          label="Template id"
          description="A short key that other systems use, for example welcome-letter. It cannot change later."
          {...checkedField('templateId')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            Create template
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
