import { useState } from 'react';
import { Button, FileButton, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCamera, IconFileTypePdf, IconTrash } from '@tabler/icons-react';
import {
  labelPhotoMessages,
  labelPhotoUpload,
  manualMessages,
  manualUpload,
  type HomeSystemFileKind,
} from '@homeminder/shared/contracts/home-system-files';
import type { HomeSystem } from '@homeminder/shared/contracts/home-systems';
import { ServerErrorAlert } from '../form/server-error-alert';
import { systemFileProblem, type SystemFileCalls } from './system-file-calls';
import { LabelThumbnail, ManualLink } from './system-file-view';

const words = {
  label: {
    add: 'Add label photo',
    replace: 'Replace photo',
    remove: 'Remove photo',
    hint: 'A photo of the label with the model and serial number: PNG, JPEG or WebP, up to 8 MB.',
    accept: labelPhotoUpload.types.join(','),
    icon: IconCamera,
    messages: labelPhotoMessages,
  },
  manual: {
    add: 'Add manual (PDF)',
    replace: 'Replace manual',
    remove: 'Remove manual',
    hint: 'The manual as a PDF, up to 10 MB.',
    accept: `${manualUpload.type},.pdf`,
    icon: IconFileTypePdf,
    messages: manualMessages,
  },
} as const;

/**
 * The label photo and manual of a system being changed (docs/decisions/091): each added, replaced
 * or removed at once, apart from the form's other answers. The section shows the system as the
 * last call gave it, as the form holds the system it was opened with.
 */
export function SystemFileFields({
  system,
  files,
  headingOrder,
}: {
  system: HomeSystem;
  files: SystemFileCalls;
  headingOrder: 4 | 5 | 6;
}) {
  const [current, setCurrent] = useState(system);
  return (
    <Stack gap="sm" component="section" aria-label="Label photo and manual">
      <Title order={headingOrder} size="h6">
        Label photo and manual
      </Title>
      {(['label', 'manual'] as const).map((kind) => (
        <FileRow key={kind} kind={kind} system={current} files={files} onChanged={setCurrent} />
      ))}
    </Stack>
  );
}

function FileRow({
  kind,
  system,
  files,
  onChanged,
}: {
  kind: HomeSystemFileKind;
  system: HomeSystem;
  files: SystemFileCalls;
  onChanged: (system: HomeSystem) => void;
}) {
  const [busy, setBusy] = useState<'send' | 'remove' | null>(null);
  const [failure, setFailure] = useState<{ what: 'send' | 'remove'; error: unknown } | null>(null);
  const said = words[kind];
  const has = Boolean(system[kind]);
  const Icon = said.icon;

  const run = async (what: 'send' | 'remove', call: () => Promise<HomeSystem>, done: string) => {
    setFailure(null);
    setBusy(what);
    try {
      onChanged(await call());
      notifications.show({ color: 'teal', message: done });
    } catch (error) {
      setFailure({ what, error });
    } finally {
      setBusy(null);
    }
  };
  const choose = (file: File | null) => {
    if (!file) return;
    const problem = systemFileProblem(kind, file);
    if (problem) {
      setFailure({ what: 'send', error: new Error(problem) });
      return;
    }
    void run('send', () => files.send({ systemId: system.id, kind, file }), said.messages.saved);
  };

  return (
    <Stack gap={6}>
      <Group gap="sm" align="center">
        {kind === 'label' ? <LabelThumbnail system={system} files={files} /> : null}
        {kind === 'manual' && system.manual ? (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {system.manual.name}
          </Text>
        ) : null}
        {kind === 'manual' ? <ManualLink system={system} files={files} /> : null}
      </Group>
      <Group gap="sm">
        <FileButton onChange={choose} accept={said.accept} disabled={busy !== null}>
          {(props) => (
            <Button
              {...props}
              variant="default"
              leftSection={<Icon size={16} aria-hidden />}
              loading={busy === 'send'}
              disabled={busy === 'remove'}
            >
              {has ? said.replace : said.add}
            </Button>
          )}
        </FileButton>
        {has ? (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            loading={busy === 'remove'}
            disabled={busy === 'send'}
            onClick={() =>
              void run('remove', () => files.remove({ systemId: system.id, kind }), said.messages.removed)
            }
          >
            {said.remove}
          </Button>
        ) : null}
      </Group>
      <Text size="xs" c="gray.7">
        {said.hint}
      </Text>
      <ServerErrorAlert
        error={failure?.error}
        title={failure?.what === 'remove' ? 'It was not removed' : 'It was not saved'}
      />
    </Stack>
  );
}
