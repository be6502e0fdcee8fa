import '@mantine/core/styles/RadioCard.css';
import '@mantine/core/styles/RadioIndicator.css';
import '@mantine/core/styles/Radio.css';
import { Radio, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { UseMutationResult } from '@tanstack/react-query';
import { ServerErrorAlert } from './form/server-error-alert';

export interface ChoiceOption<Value> {
  value: Value;
  label: string;
}

/** The options of a choice, in the order of `values`, each with its label. */
export function choiceOptions<Value extends string | number>(
  values: readonly Value[],
  labels: Record<Value, string>,
): ChoiceOption<Value>[] {
  return values.map((value) => ({ value, label: labels[value] }));
}

/**
 * A choice that is saved as soon as it is made (when reminders come, how often they are emailed):
 * a radio group, the arrow keys move between its options; a choice the server refused says why
 * below it.
 */
export function ChoiceRadios<Value extends string | number>({
  legend,
  description,
  options,
  value,
  onChoose,
  pending = false,
  error,
  errorTitle,
}: {
  legend: string;
  description?: string;
  options: readonly ChoiceOption<Value>[];
  value: Value;
  onChoose: (value: Value) => void;
  /** Being saved: the options wait. */
  pending?: boolean;
  error?: unknown;
  errorTitle?: string;
}) {
  return (
    <Stack gap="xs">
      <Radio.Group
        label={legend}
        description={description}
        value={String(value)}
        onChange={(chosen) => {
          const option = options.find((candidate) => String(candidate.value) === chosen);
          if (option) onChoose(option.value);
        }}
      >
        <Stack gap={10} mt={8}>
          {options.map((option) => (
            <Radio
              key={option.value}
              value={String(option.value)}
              label={option.label}
              size="md"
              disabled={pending}
            />
          ))}
        </Stack>
      </Radio.Group>
      <ServerErrorAlert error={error} title={errorTitle} />
    </Stack>
  );
}

/**
 * What a `ChoiceRadios` needs to save each choice with `change`: while it is saved, the option
 * chosen shows; once saved, the server's words show for a few seconds.
 */
export function savedOnChoosing<Value extends string | number>(
  change: UseMutationResult<{ message: string }, Error, Value>,
  saved: Value,
): Pick<Parameters<typeof ChoiceRadios<Value>>[0], 'value' | 'onChoose' | 'pending' | 'error'> {
  return {
    value: change.isPending ? change.variables : saved,
    pending: change.isPending,
    error: change.error,
    onChoose: (value) =>
      change.mutate(value, {
        onSuccess: (response) =>
          notifications.show({ color: 'teal', message: response.message, autoClose: 6000 }),
      }),
  };
}
