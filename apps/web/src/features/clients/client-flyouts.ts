import { notifications } from '@mantine/notifications';
import { confirmDiscard } from '../../components/form/unsaved-changes';
import { useSession } from '../../lib/session-store';
import type { ClientDetailProps } from './components/client-detail';

// The client flyouts (details, the set-up form and its validation rules) are most of the client
// screens' code: they load with the first one opened, not with the grid or Home.

function notOpened() {
  notifications.show({
    color: 'red',
    title: 'The client could not be opened',
    message: 'Reload the page and try again.',
  });
}

/**
 * Shows a client's details in the flyout panel (docs/requirements.md §5, "Session") once their code
 * has arrived, unless `stillWanted` then says no (the address moved on meanwhile).
 */
export function showClientDetail(props: ClientDetailProps, stillWanted: () => boolean = () => true): void {
  import('./components/client-detail')
    .then(({ openClientDetail }) => {
      if (stillWanted()) openClientDetail(props);
    })
    .catch(notOpened);
}

/** Opens the set-up form for a new client; saving hands the new client to `onSaved` to show. */
export function showNewClient(onSaved: (clientId: string) => void): void {
  Promise.all([import('./components/client-setup-form'), import('./components/client-detail')])
    .then(([{ ClientSetupForm }]) => {
      const { openFlyout, closeFlyout } = useSession.getState();
      openFlyout({
        title: 'New client',
        component: ClientSetupForm,
        props: {
          onSaved: (client: { id: string }) => onSaved(client.id),
          onCancel: () => confirmDiscard(closeFlyout),
        },
      });
    })
    .catch(notOpened);
}
