import { useDeferredValue, useMemo, useState } from 'react';
import { Button, Paper, Stack } from '@mantine/core';
import { usePhone } from '../../lib/phone';
import { notifications } from '@mantine/notifications';
import { IconFileDownload, IconPlus } from '@tabler/icons-react';
import type { ClientGridRow } from '@homeminder/shared/contracts/clients';
import { errorMessageOf } from '../../lib/api-error';
import { useCorporationTimeZone } from '../../lib/corporation-time-zone';
import {
  DataGrid,
  SelectionBar,
  SelectionResult,
  useGridSelection,
  useGridUrlState,
} from '../../components/data-grid';
import { maxSelectedRows } from '@homeminder/shared/selection-words';
import { exportClientsCsv, useClientGrid, useClientHeaders, useIsCorporationWide } from './api';
import { showNewClient } from './client-flyouts';
import { CorporationGate } from './corporation-gate';
import { ClientCards } from './grid/client-cards';
import { clientColumns } from './grid/client-columns';
import { ClientCounts } from './grid/client-counts';
import { clientGridConfig, clientPageSizes, gridQueryOf, statusOf } from './grid/client-grid-query';
import { ClientsEmpty } from './grid/clients-empty';
import { ClientSelectionActions } from './grid/client-selection-actions';
import { ClientsToolbar } from './grid/clients-toolbar';
import { useOpenClient } from './open-client';

/** Client Account Information; the operator first chooses the corporation (docs/decisions/051). */
export function Component() {
  return (
    <CorporationGate>
      <ClientAccounts />
    </CorporationGate>
  );
}

/** Counts, then the server-paged grid of clients and their properties. */
function ClientAccounts() {
  // The operator's chosen corporation (`company`) stays in the address while the grid changes.
  const grid = useGridUrlState(clientGridConfig);
  const { state, update } = grid;
  const headers = useClientHeaders();
  const query = useMemo(() => gridQueryOf(state), [state]);
  // Rendered as a transition rather than in one long task as the page of rows arrives.
  const rows = useDeferredValue(useClientGrid(query));
  const corporationWide = useIsCorporationWide();
  const timeZone = useCorporationTimeZone();
  const isMobile = usePhone();
  const [exporting, setExporting] = useState(false);
  // A selection belongs to the rows it was made on: another filter, sort or page starts afresh.
  const selection = useGridSelection<ClientGridRow>(
    (row) => row.rowId,
    JSON.stringify(query),
    (row) => `${row.firstName} ${row.lastName}${row.addressLine ? `, ${row.addressLine}` : ''}`,
  );
  const [result, setResult] = useState<string | null>(null);

  const total = rows.data?.totalItemCount ?? 0;
  const status = statusOf(state);
  const filtered =
    state.search !== '' ||
    status !== 'all' ||
    state.filters.realtor !== null ||
    state.filters.activity !== null ||
    state.filters.attention !== null ||
    state.filters.systems !== null ||
    state.filters.health !== null;

  async function exportCsv() {
    setExporting(true);
    try {
      await exportClientsCsv({ ...query, page: 1 }, headers);
    } catch (error) {
      notifications.show({ color: 'red', title: 'The export failed', message: errorMessageOf(error) });
    } finally {
      setExporting(false);
    }
  }

  // A client's details have an address of their own: `?open=<id>` over the grid.
  const openClient = useOpenClient(grid, query);
  const open = (row: ClientGridRow) =>
    openClient({ clientId: row.clientId, propertyId: row.propertyId, rowId: row.rowId });
  const newClient = () => showNewClient((clientId) => openClient({ clientId }));

  return (
    <Stack gap="lg">
      <ClientCounts
        status={status}
        onStatus={(next) => update({ filters: { status: next === 'all' ? null : next } })}
      />

      <Paper withBorder p="md">
        <Stack gap="md">
          <ClientsToolbar grid={grid} corporationWide={corporationWide}>
            <Button
              variant="default"
              leftSection={<IconFileDownload size={16} aria-hidden />}
              loading={exporting}
              onClick={() => void exportCsv()}
            >
              Export CSV
            </Button>
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={newClient}>
              New client
            </Button>
          </ClientsToolbar>

          <SelectionResult message={result} onClose={() => setResult(null)} />
          <SelectionBar
            selection={selection}
            rows={rows.data?.items ?? []}
            total={total}
            noun="client"
            maxMatching={maxSelectedRows}
          >
            <ClientSelectionActions
              selection={selection}
              query={query}
              total={total}
              corporationWide={corporationWide}
              onResult={setResult}
            />
          </SelectionBar>

          <DataGrid
            label="Clients"
            errorTitle="The clients could not be loaded"
            columns={clientColumns({ corporationWide, timeZone, onOpen: open })}
            query={rows}
            rowKey={(row) => row.rowId}
            grid={grid}
            sizes={clientPageSizes}
            minWidth={760}
            striped={false}
            onRowClick={open}
            phone={isMobile}
            selection={selection.grid}
            cards={(items) => (
              <ClientCards rows={items} timeZone={timeZone} onOpen={open} selection={selection.grid} />
            )}
            empty={
              <ClientsEmpty
                filtered={filtered}
                onNew={newClient}
                onClear={() =>
                  update({
                    search: '',
                    sort: null,
                    filters: { status: null, realtor: null, activity: null, attention: null },
                    page: 1,
                  })
                }
              />
            }
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
