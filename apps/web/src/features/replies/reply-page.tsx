import type { ReactNode } from 'react';
import { Form, useActionData, useLoaderData, useNavigation } from 'react-router';
import { Alert, Box, Button, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import type { ReplyPreview } from '@homeminder/shared/contracts/replies';
import {
  alreadyRecordedMessage,
  replyNoteMaxLength,
  replyPageLabels,
  replyPageText,
  type ReplyKind,
} from '@homeminder/shared/reply-words';
import type { ReplyActionData, ReplyPageData } from './reply-data';
import { ServerErrorAlert } from '../../components/form/server-error-alert';
import { CareDetailsFields } from '../../components/care-record/care-details-fields';

/** The corporation's name in its colour, over the task the link is about. */
function ReminderSummary({ preview }: { preview: ReplyPreview }) {
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
function ReplyFrame({
  kind,
  preview,
  children,
}: {
  kind: ReplyKind | null;
  preview?: ReplyPreview;
  children: ReactNode;
}) {
  return (
    <Stack aria-labelledby="answer-title">
      <Title order={1} size="h3" id="answer-title">
        {kind ? replyPageText[kind].title : 'Your reminder'}
      </Title>
      {preview ? <ReminderSummary preview={preview} /> : null}
      {children}
    </Stack>
  );
}

/**
 * The page of a reminder email's reply link (docs/decisions/061): it says what will happen and
 * records the reply only when its button is pressed, so a mail scanner that opens the link
 * changes nothing. No sign-in is needed: the signed token is the proof. The server renders it with
 * the reminder (reply-data.ts), and its form works as a plain form post before the page's script
 * has arrived, or without it.
 */
export function Component() {
  const { kind, preview, problem } = useLoaderData<ReplyPageData>();
  const replied = useActionData<ReplyActionData>();
  const sending = useNavigation().state === 'submitting';

  if (!preview) {
    return (
      <ReplyFrame kind={kind}>
        <Alert
          color="red"
          icon={<IconAlertCircle size={18} aria-hidden />}
          title={replyPageLabels.invalidTitle}
        >
          {problem}
        </Alert>
      </ReplyFrame>
    );
  }

  const text = replyPageText[preview.action];
  const result = replied?.result;
  const already = preview.alreadyRecorded;

  if (result || already) {
    const repeated = result ? !result.recorded : true;
    return (
      <ReplyFrame kind={preview.action} preview={preview}>
        <Alert
          color="teal"
          icon={<IconCircleCheck size={18} aria-hidden />}
          title={repeated ? replyPageLabels.alreadyTitle : replyPageLabels.recordedTitle}
          role="status"
        >
          {result?.message ?? alreadyRecordedMessage(already!.onText)}
          {repeated && already?.detail ? ` ${already.detail}.` : ''}
          {result?.nextDueText ? ` ${replyPageLabels.nextDue(result.nextDueText)}` : ''}
        </Alert>
      </ReplyFrame>
    );
  }

  if (preview.refusal) {
    return (
      <ReplyFrame kind={preview.action} preview={preview}>
        <Alert
          color="yellow"
          icon={<IconInfoCircle size={18} aria-hidden />}
          title={replyPageLabels.refusedTitle}
        >
          {preview.refusal}
        </Alert>
      </ReplyFrame>
    );
  }

  return (
    <ReplyFrame kind={preview.action} preview={preview}>
      <Text>{text.explain(preview.brand.name, preview.toRealtor)}</Text>
      {preview.action === 'later' && preview.movedToText ? (
        <Box>
          <Text fw={700}>{replyPageLabels.movedTo(preview.movedToText)}</Text>
          <Text size="sm" c="gray.7">
            {replyPageLabels.putOffsLeft(preview.putOffsLeft - 1)}
          </Text>
        </Box>
      ) : null}
      <Form method="post">
        <Stack>
          {preview.action === 'done' ? (
            <TextInput
              type="date"
              name="doneOn"
              label={replyPageLabels.doneOn}
              defaultValue={preview.today}
              max={preview.today}
            />
          ) : null}
          {preview.action === 'done' ? <CareDetailsFields /> : null}
          {preview.action !== 'later' ? (
            <Textarea
              name="note"
              label={replyPageLabels.note}
              placeholder={replyPageLabels.notePlaceholder[preview.action]}
              maxLength={replyNoteMaxLength}
              rows={3}
            />
          ) : null}
          <ServerErrorAlert error={replied?.problem} />
          <Button type="submit" loading={sending} color={preview.brand.colour} autoContrast>
            {text.button}
          </Button>
        </Stack>
      </Form>
    </ReplyFrame>
  );
}
