import type { ReactNode } from 'react';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, type ButtonProps } from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';
import { selectionMessages } from '@homeminder/shared/selection-words';
import type { GridSelectionState } from './use-grid-selection';

/**
 * Above a grid with rows selected: how many, the offer to select every row of the filter once a
 * whole page is (as a mail client does), and the actions for the selection (`children`).
 */
export function SelectionBar<T>({
  selection,
  rows,
  total,
  noun,
  maxMatching,
  children,
}: {
  selection: GridSelectionState<T>;
  /** The page's rows. */
  rows: T[];
  /** Every row of the filter. */
  total: number;
  /** One row, as the messages say it ("client"). */
  noun: string;
  /** The most rows "every row of the filter" may take; none offers no such choice. */
  maxMatching?: number;
  children: ReactNode;
}) {
  const count = selection.count(total);
  if (count === 0) return null;
  const offerAll =
    maxMatching !== undefined &&
    !selection.allMatching &&
    selection.pageSelected(rows) &&
    total > rows.length;
  return (
    <Paper withBorder p="sm" bg="blue.0" aria-label="Selection" component="section">
      <Stack gap="xs">
        <Group gap="xs" wrap="wrap">
          <Text size="sm" fw={600} role="status">
            {selectionMessages.selectedCount(count)}
          </Text>
          {selection.allMatching ? (
            <Text size="sm">{selectionMessages.allMatchingSelected(total, noun)}</Text>
          ) : selection.pageSelected(rows) ? (
            <Text size="sm">{selectionMessages.pageSelected(rows.length, noun)}</Text>
          ) : null}
          {offerAll ? (
            total <= maxMatching ? (
              <Anchor
                component="button"
                type="button"
                size="sm"
                fw={600}
                onClick={selection.selectAllMatching}
              >
                {selectionMessages.selectAllMatching(total, noun)}
              </Anchor>
            ) : (
              <Text size="sm" c="gray.8">
                {selectionMessages.tooManyToSelect(total, noun)}
              </Text>
            )
          ) : null}
          <Anchor component="button" type="button" size="sm" onClick={selection.clear}>
            {selectionMessages.clearSelection}
          </Anchor>
        </Group>
        <Group gap="xs" wrap="wrap">
          {children}
        </Group>
      </Stack>
    </Paper>
  );
}

/** One action of the selection bar: a small button with its icon. */
export function SelectionAction({
  icon: Icon,
  ...props
}: ButtonProps & { icon: TablerIcon; onClick: () => void }) {
  return <Button size="xs" variant="default" leftSection={<Icon size={16} aria-hidden />} {...props} />;
}

/** What the last action on a selection did, until it is dismissed or another is done. */
export function SelectionResult({ message, onClose }: { message: string | null; onClose: () => void }) {
  if (!message) return null;
  return (
    <Alert color="teal" role="status" withCloseButton closeButtonLabel="Dismiss" onClose={onClose}>
      {message}
    </Alert>
  );
}
