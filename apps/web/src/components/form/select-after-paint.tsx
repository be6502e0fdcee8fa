import { NativeSelect, Select, type ComboboxItem, type SelectProps } from '@mantine/core';
import { useAfterFirstPaint } from '../../lib/use-after-first-paint';

const ignoreChange = () => undefined;

/**
 * A searchable Select that joins the page just after the screen's first paint. In the screen's
 * first commit, its list's positioning asks the browser for the style of the whole new page, and
 * its popover's state makes React draw again inside that commit (`useAfterFirstPaint`), a long
 * task on a slow phone. Until then a plain select of the same label, choice and size stands in.
 * The list stays in the page while closed (`keepMounted`), so that the first ↓ opens it on the
 * current choice, as in any select.
 */
/** Options without groups: a plain select can stand in for them. */
type SelectAfterPaintProps = Omit<SelectProps, 'data'> & { data: Array<string | ComboboxItem> };

export function SelectAfterPaint({ comboboxProps, ...props }: SelectAfterPaintProps) {
  const painted = useAfterFirstPaint();
  if (painted) return <Select {...props} comboboxProps={{ ...comboboxProps, keepMounted: true }} />;
  const { label, data, value, defaultValue, size, flex, miw, w } = props;
  return (
    <NativeSelect
      label={label}
      data={data}
      value={value ?? defaultValue ?? ''}
      onChange={ignoreChange}
      size={size}
      flex={flex}
      miw={miw}
      w={w}
    />
  );
}
