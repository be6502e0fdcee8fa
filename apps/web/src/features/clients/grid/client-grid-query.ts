import {
  clientSortColumns,
  type ClientGridQueryInput,
  type ClientSortColumn,
} from '@homeminder/shared/contracts/clients';
import {
  clientActivityFilters,
  clientAttentionFilters,
  clientStatusFilters,
  clientSystemFilters,
  clientHealthFilters,
  type ClientActivityFilter,
  type ClientHealthFilter,
  type ClientAttentionFilter,
  searchMaxLength,
  type ClientStatusFilter,
  type ClientSystemFilter,
} from '@homeminder/shared/contracts/grid-options';
import { paging } from '@homeminder/shared/constants';
import { isGuid } from '@homeminder/shared/validation/predicates';
import { choiceFilter, pagingRequest, type GridConfig, type GridState } from '../../../components/data-grid';

/** The page sizes the client grid offers; 'all' is served as 200 rows (docs/requirements.md §10). */
export const clientPageSizes = ['10', '25', '50', '100', 'all'] as const;

/** A filter of fixed choices whose 'all', the default, is left out of the address. */
function choiceParam(choices: readonly string[]) {
  const filter = choiceFilter(choices);
  return {
    parse: (value: string | null) => {
      const chosen = filter.parse(value);
      return chosen === 'all' ? null : chosen;
    },
  };
}

/** The grid's filters kept in the address. */
export type ClientGridFilter = 'status' | 'realtor' | 'activity' | 'attention' | 'systems' | 'health';

/**
 * What the client grid keeps in the address bar:
 * `?page=2&size=25&sort=email:desc&q=maple&status=pending&realtor=<id>&activity=quiet90&attention=needed&systems=replaceSoon&health=poor`.
 * A link may ask for any other whole number of rows the server serves (1 to 200).
 */
export const clientGridConfig: GridConfig<ClientSortColumn, ClientGridFilter> = {
  sizes: clientPageSizes,
  maxSize: paging.maxPageSize,
  sortColumns: clientSortColumns,
  searchMaxLength,
  filters: {
    status: choiceParam(clientStatusFilters),
    realtor: { parse: (value) => (isGuid(value?.trim() ?? '') ? value!.trim().toLowerCase() : null) },
    activity: choiceParam(clientActivityFilters),
    attention: choiceParam(clientAttentionFilters),
    systems: choiceParam(clientSystemFilters),
    health: choiceParam(clientHealthFilters),
  },
};

export type ClientGridState = GridState<ClientSortColumn, ClientGridFilter>;

/** The status filter of a grid state ('all' when none). */
export function statusOf(state: ClientGridState): ClientStatusFilter {
  return (state.filters.status as ClientStatusFilter | null) ?? 'all';
}

/** The last-activity filter of a grid state ('all' when none). */
export function activityOf(state: ClientGridState): ClientActivityFilter {
  return (state.filters.activity as ClientActivityFilter | null) ?? 'all';
}

/** The needs-attention filter of a grid state ('all' when none). */
export function attentionOf(state: ClientGridState): ClientAttentionFilter {
  return (state.filters.attention as ClientAttentionFilter | null) ?? 'all';
}

/** The API query of a grid state, the direction as meant (docs/decisions/004). */
export function gridQueryOf(state: ClientGridState): ClientGridQueryInput {
  const status = statusOf(state);
  return {
    ...pagingRequest(state),
    status,
    ...(state.filters.realtor ? { realtorId: state.filters.realtor } : {}),
    ...(state.filters.activity ? { activity: activityOf(state) } : {}),
    ...(state.filters.attention ? { attention: attentionOf(state) } : {}),
    ...(state.filters.systems ? { systems: state.filters.systems as ClientSystemFilter } : {}),
    ...(state.filters.health ? { health: state.filters.health as ClientHealthFilter } : {}),
    // The pending flag: its total is the pending count, which the grid keeps (api.ts).
    ...(status === 'pending' ? { pending: 1 as const } : {}),
  };
}
