import '@mantine/core/styles/RadioCard.css';
import '@mantine/core/styles/RadioIndicator.css';
import '@mantine/core/styles/Radio.css';
import { Radio, Stack } from '@mantine/core';
import { homeProfileMessages } from '@homeminder/shared/contracts/home-profile';

/** "Not sure" in the group: the answer null. */
const notSure = '';

/**
 * A question answered by one of a few choices, or "Not sure" (null): large radios a thumb can hit,
 * as a home's profile and its systems ask them.
 */
export function NotSureRadios({
  label,
  description,
  options,
  value,
  error,
  onChange,
  onBlur,
}: {
  label: string;
  description?: string;
  /** Each choice's value and words. */
  options: readonly (readonly [string, string])[];
  value: string | null;
  error?: string;
  onChange: (value: string | null) => void;
  onBlur?: () => void;
}) {
  return (
    <Radio.Group
      label={label}
      description={description}
      value={value ?? notSure}
      error={error}
      onChange={(next) => onChange(next === notSure ? null : next)}
      onBlur={onBlur}
    >
      <Stack gap={10} mt={8}>
        {[...options, [notSure, homeProfileMessages.notSure] as const].map(([option, words]) => (
          <Radio key={option || 'not-sure'} value={option} label={words} size="md" />
        ))}
      </Stack>
    </Radio.Group>
  );
}

/** Yes and No as the choices of `NotSureRadios`, and back. */
export const yesNoOptions = [
  ['yes', homeProfileMessages.yes],
  ['no', homeProfileMessages.no],
] as const;
export const yesNoChoice = (value: unknown): string | null =>
  typeof value === 'boolean' ? (value ? 'yes' : 'no') : null;
export const yesNoValue = (choice: string | null): boolean | null =>
  choice === null ? null : choice === 'yes';
