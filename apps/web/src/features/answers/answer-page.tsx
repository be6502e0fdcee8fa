import { useState, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, Skeleton, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import {
  alreadyRecordedMessage,
  answerKinds,
  answerMessages,
  answerNoteMaxLength,
  answerPageLabels,
  answerPageText,
  type AnswerKind,
  type AnswerPreview,
} from '@homeminder/shared/contracts/answers';
import { errorMessageOf } from '../../lib/api-error';
import { previewAnswer, sendAnswer } from './api';

const isAnswerKind = (value: string | undefined): value is AnswerKind =>
  answerKinds.includes(value as AnswerKind);

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
 * changes nothing. No sign-in is needed: the signed token is the proof.
 */
export function Component() {
  const { action } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const kind = isAnswerKind(action) ? action : null;
  const [doneOn, setDoneOn] = useState<string | null>(null);
  const [note, setNote] = useState('');

  const preview = useQuery({
    queryKey: ['answer-preview', kind, token],
    queryFn: () => previewAnswer(kind!, token),
    enabled: kind !== null && token !== '',
    retry: false,
  });
  const send = useMutation({
    mutationFn: () =>
      sendAnswer(kind!, {
        token,
        ...(note.trim() ? { note: note.trim() } : {}),
        ...(kind === 'done' && doneOn ? { doneOn } : {}),
      }),
  });

  if (!kind || !token || preview.isError) {
    return (
      <AnswerFrame kind={kind}>
        <Alert
          color="red"
          icon={<IconAlertCircle size={18} aria-hidden />}
          title={answerPageLabels.invalidTitle}
        >
          {kind && token
            ? errorMessageOf(preview.error)
            : token
              ? answerMessages.invalidLink
              : answerMessages.noToken}
        </Alert>
      </AnswerFrame>
    );
  }
  if (preview.isPending) {
    return (
      <AnswerFrame kind={kind}>
        <Skeleton h={120} />
      </AnswerFrame>
    );
  }

  const shown = preview.data;
  const text = answerPageText[kind];
  const result = send.data;
  const already = shown.alreadyRecorded;

  if (result || already) {
    const repeated = result ? !result.recorded : true;
    return (
      <AnswerFrame kind={kind} preview={shown}>
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

  if (shown.refusal) {
    return (
      <AnswerFrame kind={kind} preview={shown}>
        <Alert
          color="yellow"
          icon={<IconInfoCircle size={18} aria-hidden />}
          title={answerPageLabels.refusedTitle}
        >
          {shown.refusal}
        </Alert>
      </AnswerFrame>
    );
  }

  return (
    <AnswerFrame kind={kind} preview={shown}>
      <Text>{text.explain(shown.brand.name, shown.toRealtor)}</Text>
      {kind === 'later' && shown.movedToText ? (
        <Box>
          <Text fw={700}>{answerPageLabels.movedTo(shown.movedToText)}</Text>
          <Text size="sm" c="gray.7">
            {answerPageLabels.putOffsLeft(shown.putOffsLeft - 1)}
          </Text>
        </Box>
      ) : null}
      {kind === 'done' ? (
        <TextInput
          type="date"
          label={answerPageLabels.doneOn}
          value={doneOn ?? shown.today}
          max={shown.today}
          onChange={(event) => setDoneOn(event.currentTarget.value || null)}
        />
      ) : null}
      {kind !== 'later' ? (
        <Textarea
          label={answerPageLabels.note}
          placeholder={answerPageLabels.notePlaceholder[kind]}
          value={note}
          maxLength={answerNoteMaxLength}
          rows={3}
          onChange={(event) => setNote(event.currentTarget.value)}
        />
      ) : null}
      {send.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />}>
          {errorMessageOf(send.error)}
        </Alert>
      ) : null}
      <Button loading={send.isPending} onClick={() => send.mutate()} color={shown.brand.colour} autoContrast>
        {text.button}
      </Button>
    </AnswerFrame>
  );
}
