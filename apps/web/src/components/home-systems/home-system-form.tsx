import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/NumberInput.css';
import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { Controller, useWatch } from 'react-hook-form';
import {
  detailsOf,
  homeSystemDetail,
  homeSystemInputSchema,
  homeSystemKind,
  homeSystemKindNames,
  homeSystemKinds,
  homeSystemLimits,
  type HomeSystem,
  type HomeSystemDetailName,
  type HomeSystemInput,
  type HomeSystemKind,
  type HomeSystemValues,
} from '@homeminder/shared/contracts/home-systems';
import { homeSystemTitle, monthOptions } from '@homeminder/shared/contracts/home-system-words';
import { homeProfileMessages } from '@homeminder/shared/contracts/home-profile';
import { NotSureRadios, yesNoChoice, yesNoOptions, yesNoValue } from '../form/not-sure-radios';
import { bindFields } from '../form/field';
import { useFormInPlace } from '../form/form-in-place';
import { SelectField } from '../form/select-field';
import { ServerErrorAlert } from '../form/server-error-alert';
import { useFormSubmit } from '../form/use-form-submit';
import { useRulesForm } from '../form/use-rules-form';
import { HomeSectionForm } from '../home-section';
import type { SystemFileCalls } from './system-file-calls';
import { SystemFileFields } from './system-file-fields';

const kindOptions = homeSystemKindNames.map((kind) => ({ value: kind, label: homeSystemKinds[kind].label }));
const notSureMonth = '';

/** A system's values as the form starts with them: its own, or only a kind. */
function startingValues(system: HomeSystem | undefined, kind: HomeSystemKind): HomeSystemInput {
  if (!system) return { kind };
  const { id: _id, updatedAt: _updated, label: _label, manual: _manual, ...values } = system;
  return values;
}

/** A number the person may leave empty: null rather than ''. */
const numberOrNull = (value: string | number) => (typeof value === 'number' ? value : null);

/**
 * Adds a system or appliance to a home, or changes one (docs/decisions/089): what it is, then what
 * the person knows of it; "Not sure" and empty are always answers. A kind asks only its details.
 */
export function HomeSystemForm({
  system,
  files,
  save,
  remove,
  onClose,
  headingOrder,
}: {
  /** The system changed; none when one is added. */
  system?: HomeSystem;
  /** Its label photo and manual's calls, once the system is kept. */
  files?: SystemFileCalls;
  save: (values: HomeSystemValues) => Promise<unknown>;
  remove?: () => Promise<unknown>;
  onClose: (message?: string) => void;
  headingOrder: 3 | 4 | 5;
}) {
  const form = useRulesForm(homeSystemInputSchema, startingValues(system, 'heating'));
  const { failure, onSubmit } = useFormSubmit(form, async (values) => {
    await save(values);
    onClose();
  });
  // "Remove …?" is asked in place of the Remove button: "Keep it" takes the focus, and gives it back.
  const {
    opened: removing,
    open: setRemoving,
    close: keep,
    focusRef: removeButton,
  } = useFormInPlace<'asked' | 'busy', HTMLButtonElement>();
  const [removeFailure, setRemoveFailure] = useState<unknown>(null);
  const kind = useWatch({ control: form.control, name: 'kind' });
  const description = homeSystemKind(kind);
  const title = system ? `Change ${homeSystemTitle(system).toLowerCase()}` : 'Add a system or appliance';
  const field = bindFields(form);

  return (
    <HomeSectionForm
      title={title}
      order={headingOrder}
      onSubmit={onSubmit}
      submitting={form.formState.isSubmitting}
      submitLabel={system ? 'Save' : 'Add'}
      onCancel={() => onClose()}
      aside={
        remove && !removing ? (
          <Button variant="subtle" color="red" onClick={() => setRemoving('asked')} ref={removeButton}>
            Remove
          </Button>
        ) : null
      }
    >
      {system ? null : (
        <Controller
          control={form.control}
          name="kind"
          render={({ field }) => (
            <Select
              label="What is it?"
              data={kindOptions}
              allowDeselect={false}
              maw={360}
              value={field.value}
              onChange={(next) => {
                field.onChange(next);
                // A type is of its kind: another kind starts "not sure".
                form.setValue('type', null);
              }}
            />
          )}
        />
      )}
      {description.types ? (
        <Controller
          control={form.control}
          name="type"
          render={({ field, fieldState }) => (
            <NotSureRadios
              label={description.typeLabel ?? `What kind of ${description.label.toLowerCase()}?`}
              options={Object.entries(description.types ?? {})}
              value={typeof field.value === 'string' ? field.value : null}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
      ) : null}
      <SimpleGrid cols={2} spacing="sm">
        <SelectField
          control={form.control}
          name="installedMonth"
          label="Month installed"
          data={[{ value: notSureMonth, label: homeProfileMessages.notSure }, ...monthOptions]}
          format={(value) => (typeof value === 'number' ? String(value) : notSureMonth)}
          parse={(choice) => (choice ? Number(choice) : null)}
          allowDeselect={false}
        />
        <Controller
          control={form.control}
          name="installedYear"
          render={({ field, fieldState }) => (
            <NumberInput
              label="Year installed"
              allowDecimal={false}
              allowNegative={false}
              hideControls
              inputMode="numeric"
              value={typeof field.value === 'number' ? field.value : ''}
              onChange={(value) => field.onChange(numberOrNull(value))}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
      </SimpleGrid>
      <Text size="xs" c="gray.7" mt={-8}>
        Leave them empty if you are not sure; the year alone helps.
      </Text>
      {detailsOf(kind).map((name) => (
        <DetailInput key={name} name={name} form={form} />
      ))}
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <TextInput label="Brand" maxLength={homeSystemLimits.brand} {...field('brand')} />
        <TextInput label="Model" maxLength={homeSystemLimits.model} {...field('model')} />
        <TextInput label="Serial number" maxLength={homeSystemLimits.serial} {...field('serial')} />
      </SimpleGrid>
      <TextInput
        label="Warranty ends"
        description="The last day of its warranty, if it has one."
        type="date"
        maw={260}
        {...field('warrantyEndsOn')}
      />
      <Textarea label="Notes" autosize minRows={2} maxLength={homeSystemLimits.notes} {...field('notes')} />
      {system && files ? (
        <SystemFileFields system={system} files={files} headingOrder={(headingOrder + 1) as 4 | 5 | 6} />
      ) : (
        <Text size="xs" c="gray.7">
          Once it is added, you can add a photo of its label and its manual.
        </Text>
      )}
      <ServerErrorAlert error={failure} title="It was not saved" />
      <ServerErrorAlert error={removeFailure} title="It was not removed" />
      {remove && removing ? (
        <Alert
          color="red"
          variant="light"
          title={`Remove ${homeSystemTitle(system ?? { kind, type: null }).toLowerCase()}?`}
        >
          <Group gap="sm">
            <Button
              color="red"
              loading={removing === 'busy'}
              onClick={() => {
                setRemoving('busy');
                setRemoveFailure(null);
                remove().then(
                  () => onClose(),
                  (error: unknown) => {
                    setRemoveFailure(error);
                    keep();
                  },
                );
              }}
            >
              Remove
            </Button>
            <Button variant="default" disabled={removing === 'busy'} onClick={keep} autoFocus>
              Keep it
            </Button>
          </Group>
        </Alert>
      ) : null}
    </HomeSectionForm>
  );
}

/** One of the details a kind asks for, as its description says. */
function DetailInput({
  name,
  form,
}: {
  name: HomeSystemDetailName;
  form: ReturnType<typeof useRulesForm<typeof homeSystemInputSchema>>;
}) {
  const detail = homeSystemDetail(name);
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => {
        const error = fieldState.error?.message;
        switch (detail.input) {
          case 'text':
            return (
              <TextInput
                label={detail.label}
                description={detail.hint}
                placeholder={detail.placeholder}
                maw={260}
                value={typeof field.value === 'string' ? field.value : ''}
                onChange={(event) => field.onChange(event.currentTarget.value)}
                onBlur={field.onBlur}
                error={error}
              />
            );
          case 'number':
            return (
              <NumberInput
                label={detail.label}
                description={detail.hint}
                rightSection={<Text size="sm">{detail.unit}</Text>}
                rightSectionWidth={72}
                allowDecimal={false}
                allowNegative={false}
                hideControls
                inputMode="numeric"
                maw={260}
                value={typeof field.value === 'number' ? field.value : ''}
                onChange={(value) => field.onChange(numberOrNull(value))}
                onBlur={field.onBlur}
                error={error}
              />
            );
          case 'yesNo':
          case 'choice': {
            const yesNo = detail.input === 'yesNo';
            return (
              <NotSureRadios
                label={detail.label}
                description={detail.hint}
                options={yesNo ? yesNoOptions : Object.entries(detail.options)}
                value={
                  yesNo ? yesNoChoice(field.value) : typeof field.value === 'string' ? field.value : null
                }
                onChange={(choice) => field.onChange(yesNo ? yesNoValue(choice) : choice)}
                onBlur={field.onBlur}
                error={error}
              />
            );
          }
        }
      }}
    />
  );
}
