import type { ReactNode } from 'react';
import { Button } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

/**
 * A button that makes its change at once. A failure shows in the card's own alert (the change's
 * error), so the rejected promise is dropped here.
 */
export function ChangeButton({
  icon: ButtonIcon,
  loading,
  run,
  children,
}: {
  icon: Icon;
  loading: boolean;
  run: () => Promise<unknown>;
  children: ReactNode;
}) {
  return (
    <Button
      leftSection={<ButtonIcon size={18} aria-hidden />}
      loading={loading}
      onClick={() => void run().catch(() => undefined)}
    >
      {children}
    </Button>
  );
}
