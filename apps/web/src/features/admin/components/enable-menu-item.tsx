import { Menu } from '@mantine/core';
import { IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';

/** A row menu's "Disable" (red) or "Enable" (teal) item, as the row now stands. */
export function EnableMenuItem({ enabled, onClick }: { enabled: boolean; onClick: () => void }) {
  return (
    <Menu.Item
      color={enabled ? 'red' : 'teal'}
      leftSection={
        enabled ? <IconPlayerStop size={16} aria-hidden /> : <IconPlayerPlay size={16} aria-hidden />
      }
      onClick={onClick}
    >
      {enabled ? 'Disable' : 'Enable'}
    </Menu.Item>
  );
}
