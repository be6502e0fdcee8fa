import type { ReactNode } from 'react';
import { Form, useActionData, useLoaderData, useNavigation } from 'react-router';
import { Alert, Box, Button, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import type { AnswerPreview } from '@homeminder/shared/contracts/answers';
import {
  alreadyRecordedMessage,
  answerNoteMaxLength,
  answerPageLabels,
  answerPageText,
  type AnswerKind,
} from '@homeminder/shared/answer-words';
import type { AnswerActionData, AnswerPageData } from './answer-data';
import { ServerErrorAlert } from '../../components/form/server-error-alert';

/** The corporation's name in its colour, over the task the link is about. */
function ReminderSummary({ preview }: { preview: AnswerPreview }) {
  return (
    <Stack gap={4} pl="sm" style={{ borderLeft: `4px solid ${preview.brand.colour}` }}>
      <Text size="sm" fw={700}>
        {preview.brand.name}
      </Text>
      <Text fw={700} size="lg">
        {preview.task}
      </Text>
      <Text size="sm">{preview.propertyAddress}</Text>
      <Text size="sm" c="gray.7">
        Due {preview.dueDateText}
      </Text>
    </Stack>
  );
}

/** Every state of the page: its heading, the reminder once it is known, then what the state says. */
function AnswerFrame({
  kind,
  preview,
  children,
}: {
  kind: AnswerKind | null;
  preview?: AnswerPreview;
  children: ReactNode;
}) {
  return (
    <Stack aria-labelledby="answer-title">
      <Title order={1} size="h3" id="answer-title">
        {kind ? answerPageText[kind].title : 'Your reminder'}
      </Title>
      {preview ? <ReminderSummary preview={preview} /> : null}
      {children}
    </Stack>
  );
}

/**
 * The page of a reminder email's answer link (docs/decisions/061): it says what will happen and
 * records the answer only when its button is pressed, so a mail scanner that opens the link
 * changes nothing. No sign-in is needed: the signed token is the proof. The server renders it with
 * the reminder (answer-data.ts), and its form works as a plain form post before the page's script
 * has arrived, or without it.
 */
export function Component() {
  const { kind, preview, problem } = useLoaderData<AnswerPageData>();
  const answered = useActionData<AnswerActionData>();
  const sending = useNavigation().state === 'submitting';

  if (!preview) {
    return (
      <AnswerFrame kind={kind}>
        <Alert
          color="red"
          icon={<IconAlertCircle size={18} aria-hidden />}
          title={answerPageLabels.invalidTitle}
        >
          {problem}
        </Alert>
      </AnswerFrame>
    );
  }

  const text = answerPageText[preview.action];
  const result = answered?.result;
  const already = preview.alreadyRecorded;

  if (result || already) {
    const repeated = result ? !result.recorded : true;
    return (
      <AnswerFrame kind={preview.action} preview={preview}>
        <Alert
          color="teal"
          icon={<IconCircleCheck size={18} aria-hidden />}
          title={repeated ? answerPageLabels.alreadyTitle : answerPageLabels.recordedTitle}
          role="status"
        >
          {result?.message ?? alreadyRecordedMessage(already!.onText)}
          {repeated && already?.detail ? ` ${already.detail}.` : ''}
          {result?.nextDueText ? ` ${answerPageLabels.nextDue(result.nextDueText)}` : ''}
        </Alert>
      </AnswerFrame>
    );
  }

  if (preview.refusal) {
    return (
      <AnswerFrame kind={preview.action} preview={preview}>
        <Alert
          color="yellow"
          icon={<IconInfoCircle size={18} aria-hidden />}
          title={answerPageLabels.refusedTitle}
        >
          {preview.refusal}
        </Alert>
      </AnswerFrame>
    );
  }

  return (
    <AnswerFrame kind={preview.action} preview={preview}>
      <Text>{text.explain(preview.brand.name, preview.toRealtor)}</Text>
      {preview.action === 'later' && preview.movedToText ? (
        <Box>
          <Text fw={700}>{answerPageLabels.movedTo(preview.movedToText)}</Text>
          <Text size="sm" c="gray.7">
            {answerPageLabels.putOffsLeft(preview.putOffsLeft - 1)}
          </Text>
        </Box>
      ) : null}
      <Form method="post">
        <Stack>
          {preview.action === 'done' ? (
            <TextInput
              type="date"
              name="doneOn"
              label={answerPageLabels.doneOn}
              defaultValue={preview.today}
              max={preview.today}
            />
          ) : null}
          {preview.action !== 'later' ? (
            <Textarea
              name="note"
              label={answerPageLabels.note}
              placeholder={answerPageLabels.notePlaceholder[preview.action]}
              maxLength={answerNoteMaxLength}
              rows={3}
            />
          ) : null}
          <ServerErrorAlert error={answered?.problem} />
          <Button type="submit" loading={sending} color={preview.brand.colour} autoContrast>
            {text.button}
          </Button>
        </Stack>
      </Form>
    </AnswerFrame>
  );
}
