import { useState } from 'react';
import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconClockHour4, IconLifebuoy } from '@tabler/icons-react';
import { replyNoteMaxLength, replyPageLabels, canPutOffYet } from '@homeminder/shared/reply-words';
import {
  homeownerReplyLabels as labels,
  type HomeownerReply,
  type HomeownerReminder,
} from '@homeminder/shared/contracts/homeowner';
import { localDateOf, localDateText } from '@homeminder/shared/schedule';
import { errorMessageOf } from '../../lib/api-error';
import { useReplyToReminder } from './api';
import { ServerErrorAlert } from '../../components/form/server-error-alert';
import { CareDetailsFields } from '../../components/care-record/care-details-fields';
import { careDetailsOfForm } from '@homeminder/shared/care-record-words';

type Asking = 'done' | 'help' | null;

/** The three replies in the email's order; "Done" is filled, the others plain. */
const replyButtons = [
  { kind: 'done', icon: IconCheck, look: { color: 'teal.9' } },
  { kind: 'later', icon: IconClockHour4, look: { variant: 'default' } },
  { kind: 'help', icon: IconLifebuoy, look: { variant: 'default' } },
] as const;

/**
 * The three replies of a reminder email (docs/decisions/061) under one reminder of the homeowner's
 * page: "Done" and "I'd like help" ask for a note first, "Remind me later" (offered only for what
 * is due within a month) acts at once. Each
 * replies to the reminder's next date; the page's dates and history refresh after.
 */
export function ReminderReplies({ reminder, timeZone }: { reminder: HomeownerReminder; timeZone: string }) {
  const reply = useReplyToReminder();
  const [asking, setAsking] = useState<Asking>(null);
  const [note, setNote] = useState('');
  const [doneOn, setDoneOn] = useState('');
  // Today in the corporation's zone: the server checks the date against the property's own.
  const today = localDateText(localDateOf(new Date(), timeZone));
  const describedBy = `reminder-${reminder.id}`;
  // Only what is due within a month can be put off; the server refuses the rest too.
  const offered = replyButtons.filter(
    ({ kind }) => kind !== 'later' || canPutOffYet(reminder.nextDueAt, new Date()),
  );

  const open = (kind: Exclude<Asking, null>) => {
    reply.reset();
    setNote('');
    setDoneOn(today);
    setAsking(kind);
  };

  const send = async (body: HomeownerReply) => {
    try {
      const result = await reply.mutateAsync({ id: reminder.id, ...body });
      setAsking(null);
      notifications.show({ color: 'teal', message: result.message, autoClose: 8000 });
    } catch (error) {
      // In a modal the message shows in it; "later" has none, so a notification carries it.
      if (body.kind === 'later')
        notifications.show({ color: 'red', message: errorMessageOf(error), autoClose: 10000 });
    }
  };

  const trimmedNote = note.trim() ? note.trim() : undefined;
  return (
    <>
      <Group gap="xs" mt={4}>
        {offered.map(({ kind, icon: Icon, look }) => (
          <Button
            key={kind}
            size="xs"
            {...look}
            leftSection={<Icon size={16} aria-hidden />}
            aria-describedby={describedBy}
            loading={kind === 'later' && reply.isPending && reply.variables.kind === 'later'}
            onClick={() => (kind === 'later' ? void send({ kind }) : open(kind))}
          >
            {labels[kind]}
          </Button>
        ))}
      </Group>
      <Modal
        opened={asking !== null}
        onClose={() => setAsking(null)}
        title={asking === 'help' ? labels.helpTitle(reminder.task) : labels.doneTitle(reminder.task)}
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const posted = new FormData(event.currentTarget);
            void send(
              asking === 'help'
                ? { kind: 'help', note: trimmedNote }
                : {
                    kind: 'done',
                    note: trimmedNote,
                    doneOn: doneOn || undefined,
                    ...careDetailsOfForm((name) => {
                      const value = posted.get(name);
                      return typeof value === 'string' ? value : '';
                    }),
                  },
            );
          }}
        >
          <Stack gap="md">
            {asking === 'done' ? (
              <TextInput
                type="date"
                label={labels.doneOn}
                value={doneOn}
                max={today}
                onChange={(event) => setDoneOn(event.currentTarget.value)}
              />
            ) : null}
            {asking === 'done' ? <CareDetailsFields /> : null}
            <Textarea
              label={labels.note}
              placeholder={replyPageLabels.notePlaceholder[asking ?? 'done']}
              value={note}
              maxLength={replyNoteMaxLength}
              rows={3}
              onChange={(event) => setNote(event.currentTarget.value)}
            />
            <ServerErrorAlert error={reply.error} />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setAsking(null)}>
                {labels.cancel}
              </Button>
              <Button type="submit" loading={reply.isPending}>
                {asking === 'help' ? labels.sendHelp : labels.saveDone}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
