import { ActionIcon, Anchor, FileButton, Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconFileTypePdf, IconPaperclip, IconX } from '@tabler/icons-react';
import {
  careFileUpload,
  careRecordLimits,
  type CareEntry,
  type CareFile,
} from '@homeminder/shared/contracts/care-record';
import { ServerErrorAlert } from '../form/server-error-alert';
import { PhotoThumbnail } from '../photo-thumbnail';
import { careFileProblem, type CareRecordCalls } from './care-record-calls';
import { useAsyncAction } from '../form/use-async-action';

/** A photo of an entry, small, that opens larger to read a receipt's small print. */
function EntryPhoto({ entry, file, calls }: { entry: CareEntry; file: CareFile; calls: CareRecordCalls }) {
  const photo = useQuery({
    queryKey: ['care-file', file.id],
    queryFn: () => calls.readPhoto(entry.id, file.id),
    staleTime: Infinity,
  });
  const alt = `${file.name}, of "${entry.title}"`;
  return (
    <PhotoThumbnail
      photo={photo}
      alt={alt}
      size={56}
      showLabel={`Show ${alt} larger`}
      unreadable={`${file.name} could not be shown.`}
    />
  );
}

/**
 * An entry's photos and receipts: photos as thumbnails, PDFs to save, each removable, and a button
 * to add one more (docs/decisions/094).
 */
export function CareFiles({ entry, calls }: { entry: CareEntry; calls: CareRecordCalls }) {
  const { busy, failure, run, fail } = useAsyncAction();
  const act = (work: () => Promise<unknown>) => void run(work);
  const add = (file: File | null) => {
    if (!file) return;
    const problem = careFileProblem(file);
    if (problem) return fail(new Error(problem));
    act(() => calls.addFile({ entryId: entry.id, file }));
  };
  return (
    <>
      <Group gap="xs" align="center">
        {entry.files.map((file) => (
          <Group key={file.id} gap={2} wrap="nowrap">
            {file.isPhoto ? (
              <EntryPhoto entry={entry} file={file} calls={calls} />
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
