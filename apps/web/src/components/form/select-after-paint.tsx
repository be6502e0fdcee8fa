import { useEffect, useState } from 'react';
import { Select, type SelectProps } from '@mantine/core';

/**
 * A Select whose closed list joins the page just after the screen's first paint rather than with
 * it. Mantine keeps a select's closed list in the page, and positions it as it mounts: in the
 * screen's first commit that position asks the browser for the style of the whole new page, a
 * long task on a slow phone. A moment later only the list itself is new. Nobody can open the
 * list in between: until the first paint there is nothing to click.
 */
export function SelectAfterPaint({ comboboxProps, ...props }: SelectProps) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return <Select {...props} comboboxProps={{ ...comboboxProps, keepMounted: painted }} />;
}
