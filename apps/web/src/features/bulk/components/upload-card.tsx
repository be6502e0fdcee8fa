import '@mantine/core/styles/Progress.css';
import { useRef, useState, type DragEvent } from 'react';
import { Alert, Button, FileButton, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileDownload, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { guessMapping, type ColumnMapping } from '@homeminder/shared/bulk-columns';
import { bulkChunkMaxRows } from '@homeminder/shared/contracts/bulk';
import { errorMessageOf } from '../../../lib/api-error';
import { findSavedMapping, queueChunk, saveMapping, useBulkRealtors, useInvalidateBulk } from '../api';
import {
  maxFileBytes,
  parseCsvFile,
  rowsOf,
  saveTextFile,
  sheetProblem,
  templateCsv,
  type ParsedSheet,
} from '../bulk-csv';
import { newGuid } from '../../../lib/guid';
import { partlySentText, queuedText, sendingText } from '../bulk-text';
import { MappingStep } from './mapping-step';
import { StepCard } from './step-card';

/** Rows per request: well under the server's limit and its body size. */
const chunkRows = Math.min(500, bulkChunkMaxRows);

/**
 * After a failed send: the GUID of each row (rowsOf's order, which no mapping changes), how many
 * rows are in the queue and the upload's id, so sending again sends only the rest, under the same
 * GUIDs and as the same upload (which must not replace its own first rows).
 */
interface Resume {
  itemIds: string[];
  sent: number;
  uploadId: string;
  replaced: number;
}

type Step =
  | { kind: 'idle' }
  | { kind: 'parsing'; fileName: string; fraction: number }
  | {
      kind: 'mapping';
      sheet: ParsedSheet;
      mapping: ColumnMapping;
      /** The mapping is the one the corporation chose last time for these headers. */
      remembered: boolean;
      /** The realtor given to the file's rows whose Realtor cell is empty; null for none. */
      defaultRealtorId: string | null;
      resume: Resume | null;
    }
  | { kind: 'sending'; sent: number; total: number };

/** Pick or drop a CSV file, map its columns to client fields, and send its rows to the queue. */
export function UploadCard({ tenant }: { tenant: string }) {
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [failure, setFailure] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const resetRef = useRef<() => void>(null);
  const invalidate = useInvalidateBulk();
  const realtors = useBulkRealtors(tenant);

  async function read(file: File | null) {
    resetRef.current?.();
    if (!file) return;
    setFailure(null);
    if (!/\.(csv|txt)$/i.test(file.name) && file.type !== 'text/csv') {
      setFailure('Choose a CSV file (.csv). In Excel, use "Save As" and pick "CSV UTF-8".');
      return;
    }
    if (file.size > maxFileBytes) {
      setFailure(`The file is larger than ${maxFileBytes / 1024 / 1024} MB. Split it into smaller files.`);
      return;
    }
    setStep({ kind: 'parsing', fileName: file.name, fraction: 0 });
    try {
      const sheet = await parseCsvFile(file, (fraction) =>
        setStep((current) => (current.kind === 'parsing' ? { ...current, fraction } : current)),
      );
      const problem = sheetProblem(sheet);
      if (problem) {
        setStep({ kind: 'idle' });
        setFailure(problem);
        return;
      }
      // A saved mapping is a convenience: without one (or when it cannot be read), the guess.
      const saved = await findSavedMapping(tenant, sheet.headers).catch(() => null);
      setStep({
        kind: 'mapping',
        sheet,
        mapping: saved ?? guessMapping(sheet.headers),
        remembered: saved !== null,
        defaultRealtorId: null,
        resume: null,
      });
    } catch (error) {
      setStep({ kind: 'idle' });
      setFailure(errorMessageOf(error));
    }
  }

  async function send(
    sheet: ParsedSheet,
    mapping: ColumnMapping,
    remembered: boolean,
    defaultRealtorId: string | null,
    resume: Resume | null,
  ) {
    const sheetRows = rowsOf(sheet, mapping);
    // A row from the rows-with-problems file keeps its id, so it replaces the row it came from.
    const itemIds = resume?.itemIds ?? sheetRows.map((row) => row.rowId ?? newGuid());
    const uploadId = resume?.uploadId ?? newGuid();
    const rows = sheetRows.map((row, index) => ({ itemId: itemIds[index]!, line: row.line, data: row.data }));
    let sent = resume?.sent ?? 0;
    let replaced = resume?.replaced ?? 0;
    setFailure(null);
    setStep({ kind: 'sending', sent, total: rows.length });
    if (sent === 0) {
      // Kept for the next file with these headers; a failure here must not stop the upload.
      await saveMapping(tenant, sheet.headers, mapping).catch(() => undefined);
    }
    try {
      for (let start = sent; start < rows.length; start += chunkRows) {
        const body = {
          fileName: sheet.fileName,
          uploadId,
          items: rows.slice(start, start + chunkRows),
          ...(defaultRealtorId ? { defaultRealtorId } : {}),
        };
        let response;
        try {
          response = await queueChunk(tenant, body);
        } catch {
          // Once more: each row has its GUID, so a chunk that did arrive is not queued twice.
          response = await queueChunk(tenant, body);
        }
        replaced += response.replaced;
        sent += body.items.length;
        setStep({ kind: 'sending', sent, total: rows.length });
      }
      notifications.show({
        closeButtonProps: { 'aria-label': 'Dismiss' },
        color: 'teal',
        title: 'Rows added to the queue',
        message: queuedText(rows.length, sheet.fileName, replaced),
      });
      setStep({ kind: 'idle' });
    } catch (error) {
      setStep({
        kind: 'mapping',
        sheet,
        mapping,
        remembered,
        defaultRealtorId,
        resume: { itemIds, sent, uploadId, replaced },
      });
      setFailure(`${errorMessageOf(error)} ${partlySentText(sent, rows.length)}`);
    } finally {
      await invalidate();
    }
  }

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void read(event.dataTransfer.files[0] ?? null);
  };

  return (
    <StepCard
      title="1. Upload a spreadsheet"
      description="One client per line, with a header row. Save Excel sheets as CSV first."
      actions={
        <Button
          variant="default"
          leftSection={<IconFileDownload size={16} aria-hidden />}
          onClick={() => saveTextFile(templateCsv(), 'homeminder-clients-template.csv')}
        >
          Download the template
        </Button>
      }
    >
      {step.kind === 'idle' ? (
        <div
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="bulk-dropzone"
          style={{
            border: `2px dashed var(--mantine-color-${dragging ? 'blue-6' : 'gray-4'})`,
            borderRadius: 'var(--mantine-radius-md)',
            background: dragging ? 'var(--mantine-color-blue-0)' : undefined,
            padding: 'var(--mantine-spacing-xl)',
          }}
        >
          <Stack align="center" gap="xs">
            <IconFileSpreadsheet size={36} aria-hidden color="var(--mantine-color-gray-6)" />
            <Text fw={600}>Drop a CSV file here</Text>
            <Text size="sm" c="dimmed">
              or
            </Text>
            <FileButton onChange={(file) => void read(file)} accept=".csv,text/csv" resetRef={resetRef}>
              {(props) => (
                <Button {...props} leftSection={<IconUpload size={16} aria-hidden />}>
                  Choose a CSV file
                </Button>
              )}
            </FileButton>
          </Stack>
        </div>
      ) : null}

      {step.kind === 'parsing' ? (
        <Stack gap={4}>
          <Text size="sm">Reading {step.fileName}…</Text>
          <Progress value={step.fraction * 100} aria-label="Reading the file" animated />
        </Stack>
      ) : null}

      {step.kind === 'mapping' ? (
        <MappingStep
          sheet={step.sheet}
          mapping={step.mapping}
          remembered={step.remembered}
          sent={step.resume?.sent ?? 0}
          realtors={realtors.data}
          defaultRealtorId={step.defaultRealtorId}
          onChange={(mapping) => setStep({ ...step, mapping })}
          onDefaultRealtor={(defaultRealtorId) => setStep({ ...step, defaultRealtorId })}
          onSend={() =>
            void send(step.sheet, step.mapping, step.remembered, step.defaultRealtorId, step.resume)
          }
          onCancel={() => {
            setStep({ kind: 'idle' });
            setFailure(null);
          }}
        />
      ) : null}

      {step.kind === 'sending' ? (
        <Stack gap={4}>
          <Text size="sm" aria-live="polite">
            {sendingText(step.sent, step.total)}
          </Text>
          <Progress
            value={step.total ? (step.sent / step.total) * 100 : 100}
            aria-label="Sending the rows"
            animated
          />
        </Stack>
      ) : null}

      {failure ? (
        <Alert color="red" role="alert" title="The upload did not go through">
          {failure}
        </Alert>
      ) : null}
    </StepCard>
  );
}
