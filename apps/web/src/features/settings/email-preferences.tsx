import '@mantine/core/styles/Switch.css';
import { Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { OwnProfile } from '@homeminder/shared/contracts/admin';
import { ServerErrorAlert } from '../../components/form/server-error-alert';
import { useUpdateOwnPreferences } from './api';

/** The realtor's morning email of clients needing attention: on unless they turn it off. */
export function EmailPreferences({ profile }: { profile: OwnProfile }) {
  const update = useUpdateOwnPreferences();
  const on = update.isPending ? !profile.attentionDigest : profile.attentionDigest;
  return (
    <>
      <Switch
        checked={on}
        disabled={update.isPending}
        onChange={(event) => {
          const attentionDigest = event.currentTarget.checked;
          update.mutate(
            { attentionDigest },
            {
              onSuccess: () =>
                notifications.show({
                  color: 'teal',
                  message: attentionDigest
                    ? 'You will get the morning email when clients need your attention.'
                    : 'The morning email is off.',
                }),
            },
          );
        }}
        label="Morning email of clients who need my attention"
        description="Sent once a day, only on days when a client asked for help, let a task slide, stopped their emails, or has not accepted an invitation."
      />
      <ServerErrorAlert error={update.error} title="Your preference was not saved" />
    </>
  );
}
