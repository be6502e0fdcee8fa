import type { ReactNode } from 'react';
import { Button } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';

/** The submit button of a form that changes something saved: it can be pressed once something changed. */
export function SaveButton({
  saving,
  changed,
  children,
}: {
  saving: boolean;
  changed: boolean;
  children: ReactNode;
}) {
  return (
    <Button
      type="submit"
      loading={saving}
      disabled={!changed}
      leftSection={<IconDeviceFloppy size={18} aria-hidden />}
    >
      {children}
    </Button>
  );
}
