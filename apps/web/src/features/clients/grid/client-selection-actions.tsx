import '@mantine/core/styles/Combobox.css';
import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileDownload, IconMailForward, IconTrash, IconUserShare } from '@tabler/icons-react';
import {
  selectionMessages,
  type ClientBulkRequest,
  type ClientSelection,
} from '@homeminder/shared/contracts/client-selection';
import type { ClientGridQueryInput, ClientGridRow } from '@homeminder/shared/contracts/clients';
import { formatCount } from '@homeminder/shared/format';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EnableSelectionActions } from '../../../components/enable-toggle';
import { ServerErrorAlert } from '../../../components/form/server-error-alert';
import { SelectionAction, type GridSelectionState } from '../../../components/data-grid';
import { errorMessageOf } from '../../../lib/api-error';
import { exportClientSelection, useClientBulkAction, useClientHeaders, useRealtors } from '../api';

type Dialog = 'assign' | 'invite' | 'delete' | null;

/** Each kind of request without its selection, which `act` adds. */
type WithoutSelection<R> = R extends unknown ? Omit<R, 'selection'> : never;
type Action = WithoutSelection<ClientBulkRequest>;

/** The selection as the server takes it: the page's row ids, or the grid's filter without its page. */
function selectionOf(
  selection: GridSelectionState<ClientGridRow>,
  query: ClientGridQueryInput,
): ClientSelection {
  if (!selection.allMatching) return { ids: selection.ids };
  const { page: _page, pageSize: _pageSize, ...filter } = query;
  return { filter };
}

/**
 * The client grid's actions on its selection, each one request (docs/decisions/080): assign a
 * realtor (for those who see every realtor's clients), invite to sign in, enable, disable, delete
 * and export. `onResult` shows what the server says it did.
 */
export function ClientSelectionActions({
  selection,
  query,
  total,
  corporationWide,
  onResult,
}: {
  selection: GridSelectionState<ClientGridRow>;
  query: ClientGridQueryInput;
  total: number;
  corporationWide: boolean;
  onResult: (message: string) => void;
}) {
  const bulk = useClientBulkAction();
  const headers = useClientHeaders();
  const realtors = useRealtors();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [realtorId, setRealtorId] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const count = selection.count(total);
  const clients = formatCount(count, 'client');

  const close = () => {
    bulk.reset();
    setDialog(null);
  };
  // Awaited rather than given callbacks: the grid loads again before the answer is handled, and a
  // selection left with no rows takes this bar away, whose callbacks would then never run.
  const act = async (request: Action) => {
    try {
      const result = await bulk.mutateAsync({ ...request, selection: selectionOf(selection, query) });
      setDialog(null);
      selection.clear();
      onResult(result.message);
    } catch (error) {
      // A dialog shows its own refusal; an action without one says it here.
      if (dialog === null)
        notifications.show({ color: 'red', title: 'Nothing was changed', message: errorMessageOf(error) });
    }
  };

  async function exportSelection() {
    setExporting(true);
    try {
      await exportClientSelection(selectionOf(selection, query), headers);
    } catch (error) {
      notifications.show({ color: 'red', title: 'The export failed', message: errorMessageOf(error) });
    } finally {
      setExporting(false);
    }
  }

  const busy = (action: ClientBulkRequest['action']) => bulk.isPending && bulk.variables?.action === action;
  return (
    <>
      {corporationWide ? (
        <SelectionAction icon={IconUserShare} onClick={() => setDialog('assign')}>
          Assign realtor
        </SelectionAction>
      ) : null}
      <SelectionAction icon={IconMailForward} onClick={() => setDialog('invite')}>
        Invite to sign in
      </SelectionAction>
      <EnableSelectionActions busy={busy} onSwitch={(action) => void act({ action })} />
      <SelectionAction icon={IconFileDownload} loading={exporting} onClick={() => void exportSelection()}>
        Export selected
      </SelectionAction>
      <SelectionAction icon={IconTrash} c="red.8" onClick={() => setDialog('delete')}>
        Delete
      </SelectionAction>

      <Modal opened={dialog === 'assign'} onClose={close} title={`Assign a realtor to ${clients}`} centered>
        <Stack>
          <Select
            label="Realtor"
            placeholder="Choose a realtor"
            data={(realtors.data ?? []).map((realtor) => ({
              value: realtor.id,
              label: `${realtor.firstName} ${realtor.lastName}`,
            }))}
            value={realtorId}
            onChange={setRealtorId}
            searchable
            nothingFoundMessage="No realtor of that name"
            data-autofocus
          />
          <ServerErrorAlert error={bulk.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={bulk.isPending}>
              Cancel
            </Button>
            <Button
              disabled={!realtorId}
              loading={bulk.isPending}
              onClick={() => realtorId && void act({ action: 'assignRealtor', realtorId })}
            >
              Assign {clients}
            </Button>
          </Group>
        </Stack>
      </Modal>

      <ConfirmDialog
        opened={dialog === 'invite'}
        title={`Invite ${clients} to sign in?`}
        confirmLabel={`Invite ${clients}`}
        mutation={bulk}
        onCancel={close}
        onConfirm={() => void act({ action: 'invite' })}
      >
        <Text size="sm">
          Each gets an email with a link, valid for 7 days, to create a sign-in and choose their reminders.
          Clients who signed up already, or were invited several times this hour, are skipped.
        </Text>
      </ConfirmDialog>

      <ConfirmDialog
        opened={dialog === 'delete'}
        title={selectionMessages.confirmDeleteTitle(count)}
        confirmLabel={selectionMessages.confirmDeleteButton(count)}
        cancelLabel="Keep them"
        danger
        mutation={bulk}
        onCancel={close}
        onConfirm={() => void act({ action: 'delete' })}
      >
        {selectionMessages.confirmDelete}
      </ConfirmDialog>
    </>
  );
}
