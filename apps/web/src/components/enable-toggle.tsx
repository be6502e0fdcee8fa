import '@mantine/core/styles/Menu.css';
import type { ReactNode } from 'react';
import { Button, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlayerPause, IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { ConfirmDialog } from './confirm-dialog';
import { SelectionAction } from './data-grid';

function toggleIcon(enabled: boolean) {
  return enabled ? <IconPlayerStop size={16} aria-hidden /> : <IconPlayerPlay size={16} aria-hidden />;
}

/** A row menu's "Disable" (red) or "Enable" (teal) item, as the row now stands; the dark shades read at AA on white. */
export function EnableMenuItem({ enabled, onClick }: { enabled: boolean; onClick: () => void }) {
  return (
    <Menu.Item color={enabled ? 'red.9' : 'teal.9'} leftSection={toggleIcon(enabled)} onClick={onClick}>
      {enabled ? 'Disable' : 'Enable'}
    </Menu.Item>
  );
}

type Switch = 'enable' | 'disable';

const selectionSwitches = [
  { action: 'enable', icon: IconPlayerPlay, label: 'Enable' },
  { action: 'disable', icon: IconPlayerPause, label: 'Disable' },
] as const;

/** A selection bar's Enable and Disable, each busy while its own request runs. */
export function EnableSelectionActions({
  busy,
  onSwitch,
}: {
  busy: (action: Switch) => boolean;
  onSwitch: (action: Switch) => void;
}) {
  return selectionSwitches.map(({ action, icon, label }) => (
    <SelectionAction key={action} icon={icon} loading={busy(action)} onClick={() => onSwitch(action)}>
      {label}
    </SelectionAction>
  ));
}

/** A record screen's "Disable …" (red) or "Enable …" (teal) button; `noun` says what it acts on. */
export function EnableButton({
  enabled,
  noun,
  onClick,
}: {
  enabled: boolean;
  noun: string;
  onClick: () => void;
}) {
  return (
    <Button
      variant="light"
      color={enabled ? 'red' : 'teal'}
      leftSection={toggleIcon(enabled)}
      onClick={onClick}
    >
      {`${enabled ? 'Disable' : 'Enable'} ${noun}`}
    </Button>
  );
}

export interface EnableDialogProps<T> {
  /** The record to enable or disable; the dialog is open while there is one. */
  target: T | null;
  onClose: () => void;
}

/** Asks before enabling or disabling `target`, then does it and says so; the dialog shows a refusal. */
export function EnableDialog<T extends { enabled: boolean }>({
  target,
  onClose,
  toggle,
  save,
  name,
  noun,
  consequence,
}: EnableDialogProps<T> & {
  toggle: { isPending: boolean; error: unknown; reset: () => void };
  save: (target: T) => Promise<{ enabled: boolean }>;
  name: (target: T) => string;
  /** What the confirm button acts on: 'company', 'user'. */
  noun: string;
  /** What the change means for the people concerned. */
  consequence: (target: T) => ReactNode;
}) {
  const confirm = async () => {
    if (!target) return;
    try {
      const saved = await save(target);
      notifications.show({
        color: saved.enabled ? 'teal' : 'gray',
        message: `${name(target)} is ${saved.enabled ? 'enabled' : 'disabled'}.`,
      });
      onClose();
    } catch {
      // The dialog shows the error.
    }
  };
  const verb = target?.enabled ? 'Disable' : 'Enable';
  return (
    <ConfirmDialog
      opened={target !== null}
      title={target ? `${verb} ${name(target)}?` : ''}
      confirmLabel={`${verb} ${noun}`}
      danger={target?.enabled}
      mutation={toggle}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      {target ? consequence(target) : null}
    </ConfirmDialog>
  );
}
