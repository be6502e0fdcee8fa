import '@mantine/core/styles/Combobox.css';
import { Select, type SelectProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { errorMessageOf } from '../../lib/api-error';
import { everyWordFilter } from './every-word-filter';

/** The state of the reminder catalogue's loading that the search shows. */
export interface CatalogueLoad {
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

type CatalogueSearchProps = Omit<
  SelectProps,
  'placeholder' | 'leftSection' | 'searchable' | 'filter' | 'value' | 'error'
> & { catalogue: CatalogueLoad };

/**
 * A search of the reminder catalogue that adds the task picked: it never keeps a value, so the
 * next search starts empty, and it says when the catalogue is loading or failed to load.
 */
export function CatalogueSearch({ catalogue, ...props }: CatalogueSearchProps) {
  return (
    <Select
      placeholder={catalogue.isPending ? 'Loading the catalogue…' : 'Search the catalogue'}
      leftSection={<IconSearch size={16} aria-hidden />}
      searchable
      filter={everyWordFilter}
      value={null}
      error={catalogue.isError ? errorMessageOf(catalogue.error) : undefined}
      {...props}
    />
  );
}
