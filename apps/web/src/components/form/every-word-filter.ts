import type { ComboboxItem, ComboboxParsedItem, OptionsFilter } from '@mantine/core';
import { matchesEveryWord } from '@homeminder/shared/search';

/**
 * A select's search that finds an option by every word typed, in any order, in its label or its
 * group's name: "smoke det" and "det smoke" both find "Test smoke and CO detectors".
 */
export const everyWordFilter: OptionsFilter = ({ options, search }) => {
  const matches = (item: ComboboxItem, group = '') => matchesEveryWord(`${item.label} ${group}`, search);
  return options.flatMap((option): ComboboxParsedItem[] => {
    if (!('group' in option)) return matches(option) ? [option] : [];
    const group = typeof option.group === 'string' ? option.group : '';
    const items = option.items.filter((item) => matches(item, group));
    return items.length > 0 ? [{ ...option, items }] : [];
  });
};
