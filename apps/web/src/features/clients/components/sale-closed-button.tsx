import { useState } from 'react';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconHomeCheck } from '@tabler/icons-react';
import type { ClientDetail, PropertyDetail } from '@homeminder/shared/contracts/clients';
import { formatCount } from '@homeminder/shared/format';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useSetupClient } from '../api';
import { setupValuesOf } from '../setup-values';

/**
 * A pending property whose sale has closed is confirmed in one step: the client's saved set-up is
 * sent again with the property no longer pending, as the edit form would send it. Confirming takes
 * a license, so the dialog says so and shows the server's refusal when none is free.
 */
export function SaleClosedButton({ client, property }: { client: ClientDetail; property: PropertyDetail }) {
  const [opened, setOpened] = useState(false);
  const setup = useSetupClient();
  const reminders = property.subscriptions.length;

  async function confirm() {
    const values = setupValuesOf(client, property.id);
    try {
      await setup.mutateAsync({ ...values, property: { ...values.property, pending: false } });
    } catch {
      // The dialog shows the refusal (no license free, or the license has ended).
      return;
    }
    setOpened(false);
    notifications.show({
      closeButtonProps: { 'aria-label': 'Dismiss' },
      color: 'teal',
      title: 'Sale closed',
      message:
        reminders > 0
          ? `${property.addressLine} is confirmed: its reminders now go out.`
          : `${property.addressLine} is confirmed. Choose its reminders so that some go out.`,
    });
  }

  return (
    <>
      <Button
        size="xs"
        color="teal.9"
        leftSection={<IconHomeCheck size={14} aria-hidden />}
        onClick={() => setOpened(true)}
        aria-label={`Sale closed for ${property.addressLine}`}
      >
        Sale closed
      </Button>
      <ConfirmDialog
        opened={opened}
        title={`Sale closed for ${property.addressLine}?`}
        confirmLabel="Sale closed"
        confirmColor="teal.9"
        mutation={setup}
        zIndex={400}
        onConfirm={() => void confirm()}
        onCancel={() => setOpened(false)}
      >
        The property stops being pending: it uses a license from now on
        {reminders > 0 ? ` and its ${formatCount(reminders, 'reminder')} start going out.` : '.'}
      </ConfirmDialog>
    </>
  );
}
