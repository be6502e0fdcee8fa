import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Progress.css';
import { useRef, useState } from 'react';
import { Button, Group, NumberInput, Progress, Stack, Text, Title } from '@mantine/core';
import {
  homeProfileField,
  homeProfileSchema,
  homeProfileSteps,
  type HomeProfileAnswers,
  type HomeProfileFieldName,
} from '@homeminder/shared/contracts/home-profile';
import { Controller } from 'react-hook-form';
import { NotSureRadios, yesNoChoice, yesNoOptions, yesNoValue } from '../form/not-sure-radios';
import { useFocusedHeading } from '../form/form-in-place';
import { ServerErrorAlert } from '../form/server-error-alert';
import { useFormSubmit } from '../form/use-form-submit';
import { useRulesForm } from '../form/use-rules-form';

function QuestionInput({
  name,
  value,
  error,
  onChange,
}: {
  name: HomeProfileFieldName;
  value: HomeProfileAnswers[HomeProfileFieldName];
  error: string | undefined;
  onChange: (value: HomeProfileAnswers[HomeProfileFieldName]) => void;
}) {
  const field = homeProfileField(name);
  if (field.input === 'number') {
    return (
      <NumberInput
        label={field.question}
        description={field.hint ?? 'Leave it empty if you are not sure.'}
        rightSection={field.unit ? <Text size="sm">{field.unit}</Text> : undefined}
        rightSectionWidth={field.unit ? 56 : undefined}
        allowDecimal={false}
        allowNegative={false}
        thousandSeparator={field.unit ? ',' : undefined}
        hideControls
        inputMode="numeric"
        value={typeof value === 'number' ? value : ''}
        onChange={(next) => onChange(typeof next === 'number' ? next : null)}
        error={error}
        maw={260}
      />
    );
  }
  return (
    <NotSureRadios
      label={field.question}
      description={field.hint}
      options={field.input === 'choice' ? Object.entries(field.options) : yesNoOptions}
      value={field.input === 'yesNo' ? yesNoChoice(value) : value === null ? null : String(value)}
      error={error}
      // A choice's value is one of its options: the group offers no other.
      onChange={(next) =>
        onChange(
          field.input === 'yesNo' ? yesNoValue(next) : (next as HomeProfileAnswers[HomeProfileFieldName]),
        )
      }
    />
  );
}

/**
 * The guided form of a home's profile (docs/decisions/088): one step of a few questions at a time,
 * each saved as the person moves on, so it can be left and finished later. Every answer may stay
 * "not sure". `save` keeps the whole profile; the form closes with `onClose`.
 */
export function HomeProfileSteps({
  answers,
  save,
  onClose,
  headingOrder,
}: {
  answers: HomeProfileAnswers;
  save: (answers: HomeProfileAnswers) => Promise<void>;
  onClose: () => void;
  headingOrder: 3 | 4;
}) {
  const [step, setStep] = useState(0);
  /** Where the pressed button goes once the answers are kept. */
  const then = useRef<number | 'close'>('close');
  const heading = useFocusedHeading();
  const form = useRulesForm(homeProfileSchema, answers);
  const { failure, onSubmit } = useFormSubmit(form, async (values) => {
    await save(values);
    const next = then.current;
    if (next === 'close') onClose();
    else {
      setStep(next);
      // The next step's questions are read from their heading on.
      requestAnimationFrame(() => heading.current?.focus());
    }
  });
  const saving = form.formState.isSubmitting;
  const current = homeProfileSteps[step]!;
  const last = step === homeProfileSteps.length - 1;
  return (
    <form
      aria-label="About the home"
      noValidate
      onSubmit={(event) => {
        // Each button keeps the answers, then goes where its value says: a step, or closing the form.
        const value = event.nativeEvent.submitter?.getAttribute('value');
        then.current = value === 'close' || !value ? 'close' : Number(value);
        onSubmit(event);
      }}
    >
      <Stack gap="md">
        <Stack gap={6}>
          <Title order={headingOrder} size="h5" ref={heading} tabIndex={-1}>
            Step {step + 1} of {homeProfileSteps.length}: {current.title}
          </Title>
          <Progress
            value={((step + 1) / homeProfileSteps.length) * 100}
            aria-label={`Step ${step + 1} of ${homeProfileSteps.length}`}
            size="sm"
          />
        </Stack>
        {current.fields.map((name) => (
          <Controller
            key={name}
            control={form.control}
            name={name}
            render={({ field, fieldState }) => (
              <QuestionInput
                name={name}
                value={field.value ?? null}
                error={fieldState.error?.message}
                onChange={field.onChange}
              />
            )}
          />
        ))}
        <ServerErrorAlert error={failure} title="Your answers were not saved" />
        <Group gap="sm" justify="space-between">
          <Group gap="sm">
            {step > 0 ? (
              <Button type="submit" variant="default" disabled={saving} value={step - 1}>
                Back
              </Button>
            ) : null}
            <Button type="submit" loading={saving} value={last ? 'close' : step + 1}>
              {last ? 'Save' : 'Save and continue'}
            </Button>
          </Group>
          {last ? null : (
            <Button type="submit" variant="subtle" disabled={saving} value="close">
              Finish later
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
