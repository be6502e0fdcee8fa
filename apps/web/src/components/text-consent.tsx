import '@mantine/core/styles/CheckboxCard.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Checkbox.css';
import { useId, type ReactNode } from 'react';
import { Button, Checkbox, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMessage, IconMessageOff } from '@tabler/icons-react';
import { textConsentSchema, type TextConsent, type TextSettings } from '@homeminder/shared/contracts/texts';
import { formatPhone } from '@homeminder/shared/format';
import { textWords } from '@homeminder/shared/texts';
import { bindFields } from './form/field';
import { ServerErrorAlert } from './form/server-error-alert';
import { useFormSubmit } from './form/use-form-submit';
import { useRulesForm } from './form/use-rules-form';

/**
 * Who turns texts on (docs/decisions/106): the homeowner on a phone (large controls, their own
 * number filled in by the browser), or staff recording the client's agreement in a dense dialog
 * (small controls; the browser must not fill in the staff member's own number).
 */
export type TextsAudience = 'client' | 'staff';

const looks = {
  client: { size: 'md', button: 'sm', icon: 18, gap: 'sm', autoComplete: 'tel', maw: { sm: 280 } },
  staff: { size: 'sm', button: 'xs', icon: 14, gap: 'xs', autoComplete: 'off', maw: 240 },
} as const;

/** A change to the texts, as its mutation gives it: the server answers with what was done. */
interface TextsChange<Input> {
  mutateAsync: (input: Input) => Promise<{ message: string }>;
  isPending: boolean;
  error: unknown;
}

/** The server's words for a change made, shown for a few seconds. */
const sayDone = (response: { message: string }) =>
  notifications.show({ color: 'teal', message: response.message, autoClose: 6000 });

const words = {
  client: { agree: textWords.agreeLabel, turnOn: textWords.turnOn },
  staff: { agree: textWords.staffAgreeLabel, turnOn: textWords.staffTurnOn },
} as const;

/**
 * Texts off: the mobile number (the one on the client's record to start from), the agreement word
 * for word as it is recorded, and the box that agrees to it.
 */
export function TextConsentForm({
  audience,
  texts,
  note,
  turnOn,
}: {
  audience: TextsAudience;
  texts: TextSettings;
  /** Shown first, such as why texts stopped. */
  note?: ReactNode;
  turnOn: TextsChange<TextConsent>;
}) {
  const look = looks[audience];
  const form = useRulesForm(textConsentSchema, { phone: formatPhone(texts.suggestedPhone) });
  const field = bindFields(form);
  const { failure, onSubmit } = useFormSubmit(form, async (values) => {
    sayDone(await turnOn.mutateAsync(values));
  });
  const wordsId = useId();
  return (
    <form onSubmit={onSubmit} noValidate aria-label={textWords.title}>
      <Stack gap={look.gap}>
        {note}
        <Text size="sm">{audience === 'client' ? textWords.description : textWords.notOn}</Text>
        {/* 16px text on a phone: its browser does not zoom into the field. */}
        <TextInput
          type="tel"
          inputMode="tel"
          autoComplete={look.autoComplete}
          size={look.size}
          label={textWords.phoneLabel}
          required
          maw={look.maw}
          {...field('phone')}
        />
        <Paper withBorder p={look.gap} bg="gray.0">
          <Text size="sm" id={wordsId}>
            {texts.consentWords}
          </Text>
        </Paper>
        <Checkbox
          size={audience === 'client' ? 'md' : 'sm'}
          label={words[audience].agree}
          aria-describedby={wordsId}
          {...field('agreed')}
        />
        <ServerErrorAlert error={failure} title="Texts were not turned on" />
        <Group>
          <Button
            type="submit"
            size={look.button}
            w={audience === 'client' ? { base: '100%', sm: 'auto' } : undefined}
            loading={form.formState.isSubmitting}
            leftSection={<IconMessage size={look.icon} aria-hidden />}
          >
            {words[audience].turnOn}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The agreement in force, in a sentence, and a way to stop the texts at once. */
export function TextsInForce({
  audience,
  line,
  turnOff,
}: {
  audience: TextsAudience;
  line: string;
  turnOff: TextsChange<void>;
}) {
  const look = looks[audience];
  const stop = () =>
    turnOff
      .mutateAsync()
      .then(sayDone)
      // The alert below shows the refusal.
      .catch(() => undefined);
  return (
    <>
      <Text size="sm">{line}</Text>
      <ServerErrorAlert error={turnOff.error} title="Texts were not stopped" />
      <Group>
        <Button
          size={look.button}
          variant="default"
          leftSection={<IconMessageOff size={look.icon} aria-hidden />}
          loading={turnOff.isPending}
          onClick={() => void stop()}
        >
          {textWords.turnOff}
        </Button>
      </Group>
    </>
  );
}
