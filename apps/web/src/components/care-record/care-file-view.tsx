import '@mantine/core/styles/Image.css';
import { useState } from 'react';
import {
  ActionIcon,
  Anchor,
  FileButton,
  Group,
  Image,
  Modal,
  Skeleton,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconFileTypePdf, IconPaperclip, IconX } from '@tabler/icons-react';
import {
  careFileUpload,
  careRecordLimits,
  type CareEntry,
  type CareFile,
} from '@homeminder/shared/contracts/care-record';
import { ServerErrorAlert } from '../form/server-error-alert';
import { careFileProblem, type CareRecordCalls } from './care-record-calls';

/** A photo of an entry, small, that opens larger to read a receipt's small print. */
function PhotoThumbnail({
  entry,
  file,
  calls,
}: {
  entry: CareEntry;
  file: CareFile;
  calls: CareRecordCalls;
}) {
  const photo = useQuery({
    queryKey: ['care-file', file.id],
    queryFn: () => calls.readPhoto(entry.id, file.id),
    staleTime: Infinity,
  });
  const [open, setOpen] = useState(false);
  const alt = `${file.name}, of "${entry.title}"`;
  if (photo.isPending) return <Skeleton w={56} h={56} radius="sm" />;
  if (!photo.data) return <Text size="sm">{file.name} could not be shown.</Text>;
  return (
    <>
      <UnstyledButton onClick={() => setOpen(true)} aria-label={`Show ${alt} larger`}>
        <Image src={photo.data} alt={alt} w={56} h={56} fit="cover" radius="sm" />
      </UnstyledButton>
      <Modal opened={open} onClose={() => setOpen(false)} title={alt} size="xl" centered>
        <Image src={photo.data} alt={alt} fit="contain" mah="75vh" />
      </Modal>
    </>
  );
}

/**
 * An entry's photos and receipts: photos as thumbnails, PDFs to save, each removable, and a button
 * to add one more (docs/decisions/094).
 */
export function CareFiles({ entry, calls }: { entry: CareEntry; calls: CareRecordCalls }) {
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const act = (work: () => Promise<unknown>) => {
    setFailure(null);
    setBusy(true);
    work()
      .catch(setFailure)
      .finally(() => setBusy(false));
  };
  const add = (file: File | null) => {
    if (!file) return;
    const problem = careFileProblem(file);
    if (problem) return setFailure(new Error(problem));
    act(() => calls.addFile({ entryId: entry.id, file }));
  };
  return (
    <>
      <Group gap="xs" align="center">
        {entry.files.map((file) => (
          <Group key={file.id} gap={2} wrap="nowrap">
            {file.isPhoto ? (
              <PhotoThumbnail entry={entry} file={file} calls={calls} />
            ) : (
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => act(() => calls.download(entry.id, file.id, file.name))}
              >
                <Group gap={4} wrap="nowrap" component="span">
                  <IconFileTypePdf size={16} aria-hidden />
                  {file.name}
                </Group>
              </Anchor>
            )}
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={`Remove ${file.name}`}
              disabled={busy}
              onClick={() => act(() => calls.removeFile({ entryId: entry.id, fileId: file.id }))}
            >
              <IconX size={14} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        {entry.files.length < careRecordLimits.filesPerEntry ? (
          <FileButton
            onChange={add}
            accept={[...careFileUpload.imageTypes, careFileUpload.pdfType].join(',')}
          >
            {(props) => (
              <Anchor component="button" type="button" size="sm" disabled={busy} {...props}>
                <Group gap={4} wrap="nowrap" component="span">
                  <IconPaperclip size={16} aria-hidden />
                  {busy ? 'Saving…' : 'Add a photo or receipt'}
                </Group>
              </Anchor>
            )}
          </FileButton>
        ) : null}
      </Group>
      <ServerErrorAlert error={failure} title="The file was not saved" />
    </>
  );
}
