import { notifications } from '@mantine/notifications';
import { errorMessageOf } from '../lib/api-error';

/** What inviting a client to sign in says, from their details or from Needs attention. */
export const invitationNotices = {
  onSuccess: (response: { message: string }) =>
    notifications.show({ color: 'teal', title: 'Invitation sent', message: response.message }),
  onError: (error: unknown) =>
    notifications.show({
      color: 'red',
      title: 'The invitation could not be sent',
      message: errorMessageOf(error),
    }),
};
