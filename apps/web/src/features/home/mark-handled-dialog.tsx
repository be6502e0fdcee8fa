import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { attentionRules } from '@homeminder/shared/attention-words';
import {
  helpHandledSchema,
  type AttentionItem,
  type HelpHandledResult,
} from '@homeminder/shared/contracts/attention';
import { useMarkHelpHandled } from './api';
import { ServerErrorAlert } from '../../components/form/server-error-alert';

/**
 * Asks what was done about a help request before marking it handled: the note is required, so a
 * colleague reading the client's Activity later knows what happened.
 */
export function MarkHandledDialog({
  item,
  onClose,
  onHandled,
}: {
  /** The help request's row; null while the dialog is closed. */
  item: AttentionItem | null;
  onClose: () => void;
  onHandled: (result: HelpHandledResult) => void;
}) {
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const mark = useMarkHelpHandled();

  const close = () => {
    setNote('');
    setProblem(null);
    mark.reset();
    onClose();
  };

  const save = () => {
    if (!item?.answerId) return;
    const checked = helpHandledSchema.safeParse({ note });
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? null);
      return;
    }
    setProblem(null);
    mark.mutate(
      { replyId: item.answerId, note: checked.data.note },
      {
        onSuccess: (result) => {
          close();
          onHandled(result);
        },
      },
    );
  };

  return (
    <Modal opened={item !== null} onClose={close} title="Mark the help request handled" centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <Stack>
          {item ? (
            <Text size="sm">
              {item.clientName} asked for help{item.task ? ` with “${item.task}”` : ''}.
              {item.detail ? ` Their note: “${item.detail}”` : ''}
            </Text>
          ) : null}
          <Textarea
            label="What was done?"
            description="Kept in the client's Activity for your colleagues. The homeowner sees that it is in hand, not this note."
            placeholder="For example: called her, the roofer comes on Monday"
            required
            rows={3}
            maxLength={attentionRules.handledNoteMaxLength}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            error={problem}
            data-autofocus
          />
          <ServerErrorAlert error={mark.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={mark.isPending}>
              Mark handled
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
