import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import type { ClientGridQueryInput } from '@homeminder/shared/contracts/clients';
import { openClientParam } from '@homeminder/shared/routes';
import type { GridUrlState } from '../../components/data-grid';
import { useSession } from '../../lib/session-store';
import { showClientDetail } from './client-flyouts';

/** A grid row's client: the property it is about and the row, for Edit and "Next client". */
export interface ClientRowRef {
  clientId: string;
  propertyId?: string | null;
  rowId?: string;
}

/** What a history entry keeps beside `?open=<id>`: the row it was opened from. */
interface OpenedRow {
  propertyId?: string | null;
  rowId?: string;
}

/**
 * The client whose details are open is named in the address (`?open=<id>`, as Sent mail names its
 * open message), so that the details reload, can be shared, and go with the Back button. The
 * address opens the flyout panel; closing the panel, however it closes, takes the name out.
 * Returns the way to open a client.
 */
export function useOpenClient(
  grid: Pick<GridUrlState, 'param' | 'setParam'>,
  query: ClientGridQueryInput,
): (row: ClientRowRef) => void {
  const openId = grid.param(openClientParam);
  const location = useLocation();
  const opened = (location.state ?? {}) as OpenedRow;
  const open = (row: ClientRowRef) =>
    grid.setParam(openClientParam, row.clientId, {
      state: { propertyId: row.propertyId ?? null, rowId: row.rowId } satisfies OpenedRow,
    });

  // The latest address and ways to change it, for the panel's closing, which happens outside React.
  const latest = useRef({ openId, grid });
  useEffect(() => {
    latest.current = { openId, grid };
  });

  useEffect(() => {
    const stop = useSession.subscribe((state, previous) => {
      const { openId: named, grid: current } = latest.current;
      if (previous.flyout && !state.flyout && named) current.setParam(openClientParam, null);
    });
    return () => {
      stop();
      // Leaving the screen (Back to Home, say) leaves its client behind.
      useSession.getState().closeFlyout();
    };
  }, []);

  useEffect(() => {
    if (!openId) {
      useSession.getState().closeFlyout();
      return;
    }
    let wanted = true;
    showClientDetail(
      {
        clientId: openId,
        propertyId: opened.propertyId ?? null,
        ...(opened.rowId ? { rowId: opened.rowId, query } : {}),
        show: (next) => open(next),
      },
      () => wanted,
    );
    return () => {
      wanted = false;
    };
    // The address decides; the query and the ways to open are read as they are then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [openId, opened.propertyId, opened.rowId]);

  return open;
}
