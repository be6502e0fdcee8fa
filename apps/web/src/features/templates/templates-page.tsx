import { useState } from 'react';
import { Badge, Button, FileButton, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import { IconDownload, IconFilePlus, IconRefresh, IconUpload } from '@tabler/icons-react';
import {
  templateFileAccept,
  templateMessages,
  templateUpload,
  type Template,
  type TemplateContentType,
} from '@homeminder/shared/contracts/templates';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { errorMessageOf } from '../../lib/api-error';
import { downloadTemplateFile, useTemplates, useUploadTemplateFile } from './api';
import { TemplateForm } from './template-form';
import { DataGrid, type GridColumn } from '../../components/data-grid';
import { confirmDiscard } from '../../components/form/unsaved-changes';
import { useStaffTimes } from '../../lib/corporation-time-zone';
import { TimeZoneNote } from '../../components/time-zone-note';

/** A size as people read it: 820 bytes, 14 KB, 2.3 MB. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function kindLabel(contentType: string | null): string {
  return contentType && contentType in templateUpload.types
    ? templateUpload.types[contentType as TemplateContentType].label
    : 'file';
}

/** Upload (or replace) and download of one template's file. */
function FileActions({
  template,
  onReplace,
  onUpload,
  uploading,
}: {
  template: Template;
  onReplace: (file: File) => void;
  onUpload: (file: File) => void;
  uploading: boolean;
}) {
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadTemplateFile(template);
    } catch (error) {
      toasts.show({ color: 'red', title: 'Could not download the file', message: errorMessageOf(error) });
    } finally {
      setDownloading(false);
    }
  };
  const hasFile = Boolean(template.uploadedAt);

  return (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      <FileButton
        accept={templateFileAccept}
        onChange={(file) => file && (hasFile ? onReplace(file) : onUpload(file))}
      >
        {(props) => (
          <Button
            {...props}
            size="xs"
            variant={hasFile ? 'default' : 'light'}
            loading={uploading}
            leftSection={
              hasFile ? <IconRefresh size={14} aria-hidden /> : <IconUpload size={14} aria-hidden />
            }
            aria-label={`${hasFile ? 'Replace file' : 'Upload file'} of ${template.name}`}
          >
            {hasFile ? 'Replace file' : 'Upload file'}
          </Button>
        )}
      </FileButton>
      {hasFile ? (
        <Button
          size="xs"
          variant="default"
          loading={downloading}
          leftSection={<IconDownload size={14} aria-hidden />}
          aria-label={`Download file of ${template.name}`}
          onClick={() => void download()}
        >
          Download
        </Button>
      ) : null}
    </Group>
  );
}

/**
 * Templates (/sys/templates): the documents the service fills in, each with its id, its name and
 * one file (PDF, Word, HTML or plain text, at most 5 MB).
 */
export function Component() {
  const list = useTemplates();
  const upload = useUploadTemplateFile();
  const times = useStaffTimes();
  const [creating, setCreating] = useState(false);
  const [replacing, setReplacing] = useState<{ template: Template; file: File } | null>(null);

  const send = (template: Template, file: File) => {
    if (file.size > templateUpload.maxBytes) {
      toasts.show({ color: 'red', title: 'The file was not uploaded', message: templateMessages.tooLarge });
      return;
    }
    upload.mutate(
      { templateId: template.templateId, file },
      {
        onSuccess: (saved) =>
          toasts.show({
            color: 'teal',
            message: `${saved.name} now has the file ${saved.fileName ?? file.name}.`,
          }),
        onError: (error) =>
          toasts.show({ color: 'red', title: 'The file was not uploaded', message: errorMessageOf(error) }),
        onSettled: () => setReplacing(null),
      },
    );
  };

  const createButton = (
    <Button leftSection={<IconFilePlus size={18} aria-hidden />} onClick={() => setCreating(true)}>
      New template
    </Button>
  );

  const columns: GridColumn<Template>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (template) => (
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {template.name}
        </Text>
      ),
    },
    {
      key: 'templateId',
      header: 'Template id',
      render: (template) => (
        <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {template.templateId}
        </Text>
      ),
    },
    {
      key: 'file',
      header: 'File',
      render: (template) =>
        template.uploadedAt && template.fileName ? (
          <Stack gap={2}>
            <Group gap="xs" wrap="nowrap">
              <Text size="sm" truncate maw={260}>
                {template.fileName}
              </Text>
              <Badge variant="light" size="sm">
                {kindLabel(template.contentType)}
              </Badge>
            </Group>
            <Text size="xs" c="gray.7">
              {formatFileSize(template.fileSize ?? 0)}, uploaded {times.dateTime(template.uploadedAt)}
            </Text>
          </Stack>
        ) : (
          <Text size="sm" c="gray.7">
            No file yet
          </Text>
        ),
    },
    {
      key: 'actions',
      header: 'Actions',
      hideHeader: true,
      render: (template) => (
        <FileActions
          template={template}
          uploading={upload.isPending && upload.variables?.templateId === template.templateId}
          onUpload={(file) => send(template, file)}
          onReplace={(file) => setReplacing({ template, file })}
        />
      ),
    },
  ];

  return (
    <Stack>
      <Group justify="space-between">
        <Text c="gray.7">
          Documents the service fills in and sends. Each holds one file: PDF, Word (DOCX), HTML or plain text,
          up to 5 MB.
        </Text>
        <TimeZoneNote timeZone={times.timeZone} />
        {createButton}
      </Group>

      <Paper withBorder>
        <DataGrid
          label="Templates"
          errorTitle="The templates could not be loaded"
          columns={columns}
          query={list}
          rowKey={(template) => template.id}
          minWidth={760}
          empty={
            <Stack align="center" gap="xs" py="lg">
              <Text fw={600}>No templates yet</Text>
              <Text size="sm" c="gray.7">
                Create a template, then upload its file.
              </Text>
            </Stack>
          }
        />
      </Paper>

      <ConfirmDialog
        opened={replacing !== null}
        title="Replace the file?"
        confirmLabel="Replace file"
        busy={upload.isPending}
        onCancel={() => setReplacing(null)}
        onConfirm={() => replacing && send(replacing.template, replacing.file)}
      >
        {replacing
          ? `${replacing.template.name} will use “${replacing.file.name}” instead of “${replacing.template.fileName ?? ''}”. The old file is not kept.`
          : ''}
      </ConfirmDialog>

      <Modal
        opened={creating}
        onClose={() => confirmDiscard(() => setCreating(false))}
        title="New template"
        size="lg"
      >
        {creating ? (
          <TemplateForm
            onCancel={() => confirmDiscard(() => setCreating(false))}
            onCreated={(created) => {
              setCreating(false);
              toasts.show({
                color: 'teal',
                message: `${created.name} was created. Upload its file next.`,
              });
            }}
          />
        ) : null}
      </Modal>
    </Stack>
  );
}
