import { useEffect, useState } from 'react';
import { TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { GridState } from './data-grid';

/** The search box of a grid: typed freely, sent once the typing pauses. */
export function GridSearch({
  state,
  label,
  placeholder,
}: {
  state: GridState;
  label: string;
  placeholder: string;
}) {
  const [text, setText] = useState(state.search);
  const [debounced] = useDebouncedValue(text, 300);
  useEffect(() => {
    if (debounced.trim() !== state.search.trim()) state.update({ q: debounced.trim() || null });
    // Only the typed text drives the address; the address changing elsewhere must not retype it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  return (
    <TextInput
      aria-label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      w={{ base: '100%', sm: 320 }}
      maxLength={100}
    />
  );
}

export const statusChoices = [
  { value: 'all', label: 'All' },
  { value: 'enabled', label: 'Enabled' },
  { value: 'disabled', label: 'Disabled' },
];
