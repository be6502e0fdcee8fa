import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { bulkPaging, savedStateVersion } from '@homeminder/shared/constants';
import type { BulkProcessResult } from '@homeminder/shared/contracts/bulk';
import { messages } from '@homeminder/shared/validation/messages';
import { personChanged, personOf, useSession } from '../../lib/session-store';
import { personalTabStorage } from '../../lib/tab-storage';

/** A corporation a system administrator chose to upload for. */
export interface SelectedCorporation {
  id: string;
  name: string;
}

/** The last processing's outcome (docs/requirements.md §6: added, errors and licenseOverage). */
export interface AddUserResults {
  added: number;
  /** Of `added`, the clients created pending for want of a license. */
  pending?: number;
  errors: number;
  licenseOverage: number;
  /** Item GUID to message, as the server responded. */
  messages: Record<string, string>;
  at: string;
}

interface BulkState {
  page: number;
  pageSize: number;
  selectedCompany: SelectedCorporation | null;
  addUserResults: AddUserResults | null;
  /** Choosing a corporation clears earlier results (docs/requirements.md §6). */
  selectCorporation: (corporation: SelectedCorporation | null) => void;
  recordResults: (result: BulkProcessResult) => void;
  clearResults: () => void;
}

/**
 * The bulk state of docs/requirements.md §6. The queue's rows live in the query cache; selectedCompany
 * and addUserResults are kept in session storage, so they last as long as the tab, for the person
 * who made them only: they go when that person signs out or someone else signs in, and a copy
 * saved by someone else is not read.
 */
export const useBulkState = create<BulkState>()(
  persist(
    (set) => ({
      page: bulkPaging.firstPage,
      pageSize: bulkPaging.pageSize,
      selectedCompany: null,
      addUserResults: null,
      selectCorporation: (corporation) => set({ selectedCompany: corporation, addUserResults: null }),
      recordResults: (result) =>
        set({
          addUserResults: {
            added: result.created,
            pending: result.createdPending,
            errors: Object.keys(result.errors).length,
            licenseOverage: result.needsLicenses,
            messages: result.errors,
            at: new Date().toISOString(),
          },
        }),
      clearResults: () => set({ addUserResults: null }),
    }),
    {
      name: 'bulk',
      version: savedStateVersion,
      storage: personalTabStorage(() => personOf()),
      partialize: (state) => ({
        selectedCompany: state.selectedCompany,
        addUserResults: state.addUserResults,
      }),
      // A copy saved by an older version is discarded.
      migrate: () => ({ selectedCompany: null, addUserResults: null }),
    },
  ),
);

// The person changed while the page's code is loaded: what is on show goes too.
useSession.subscribe((state, previous) => {
  if (personChanged(state, previous)) useBulkState.setState({ selectedCompany: null, addUserResults: null });
});

/**
 * The tenant the bulk calls name: the chosen corporation for someone who acts across tenants, else
 * their own. Without one, `the error of docs/requirements.md §13 (`messages.tenantRequired`).`
 */
export function bulkTenant(
  actsAcrossTenants: boolean,
  ownTenantId: string | null,
  selectedCompany: SelectedCorporation | null,
): { tenantId: string; error: null } | { tenantId: null; error: string } {
  if (actsAcrossTenants) {
    return selectedCompany
      ? { tenantId: selectedCompany.id, error: null }
      : { tenantId: null, error: messages.tenantRequired };
  }
  return ownTenantId
    ? { tenantId: ownTenantId, error: null }
    : { tenantId: null, error: messages.tenantRequired };
}
