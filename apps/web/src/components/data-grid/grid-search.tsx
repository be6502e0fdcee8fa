import { useEffect, useState } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';

/**
 * The search box of a grid: typed freely, sent once the typing pauses. The address bar changed by
 * other means (the Back button, "Clear filters") shows its search here.
 */
export function GridSearch({
  value,
  onSearch,
  label,
  hideLabel = false,
  placeholder,
  delay = 300,
  ...props
}: {
  /** The search in the address. */
  value: string;
  /** A settled change of the typed text. */
  onSearch: (search: string) => void;
  label: string;
  /** Names the box for screen readers only. */
  hideLabel?: boolean;
  placeholder: string;
  delay?: number;
} & Pick<TextInputProps, 'w' | 'maw' | 'flex' | 'maxLength' | 'type'>) {
  const [text, setText] = useState(value);
  const [debounced] = useDebouncedValue(text, delay);

  useEffect(() => {
    if (debounced.trim() !== value.trim()) onSearch(debounced.trim());
    // Only a settled change of the typed text moves the grid; the address changing elsewhere must not retype it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    if (debounced.trim() === text.trim() && text.trim() !== value) setText(value);
  }

  return (
    <TextInput
      {...(hideLabel ? { 'aria-label': label } : { label })}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      {...props}
    />
  );
}
