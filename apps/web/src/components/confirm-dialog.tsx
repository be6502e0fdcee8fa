import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { ServerErrorAlert } from './form/server-error-alert';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  danger?: boolean;
  /** The confirm button's colour when it is not a danger; the theme's by default. */
  confirmColor?: string;
  busy?: boolean;
  /** The server's refusal of the last try, shown above the buttons. */
  error?: unknown;
  /**
   * The change asked for, instead of `busy` and `error`: busy while it runs, its refusal shown, and
   * the refusal forgotten on Cancel so that the dialog opens clean the next time.
   */
  mutation?: { isPending: boolean; error: unknown; reset: () => void };
  onConfirm: () => void;
  onCancel: () => void;
  /** Above the default, for a dialog asked from a flyout that itself sits over the page. */
  zIndex?: number;
}

/** Asks before a change that cannot easily be taken back. */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  danger,
  confirmColor,
  mutation,
  busy = mutation?.isPending,
  error = mutation?.error,
  onConfirm,
  onCancel: cancelled,
  zIndex,
}: ConfirmDialogProps) {
  const onCancel = () => {
    mutation?.reset();
    cancelled();
  };
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered zIndex={zIndex}>
      <Stack>
        <Text size="sm" component="div">
          {children}
        </Text>
        <ServerErrorAlert error={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button color={danger ? 'red' : confirmColor} loading={busy} onClick={onConfirm} data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
