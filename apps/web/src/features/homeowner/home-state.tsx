import type { ReactNode } from 'react';
import { Alert, Anchor, Badge } from '@mantine/core';
import { IconInfoCircle, IconPlayerPause } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { HomeState } from '@homeminder/shared/contracts/homeowner';

const badges: Record<HomeState, { label: string; color: string }> = {
  active: { label: 'Reminders on', color: 'teal' },
  paused: { label: 'Paused', color: 'orange' },
  pending: { label: 'Being set up', color: 'gray' },
};

export function HomeStateBadge({ status }: { status: HomeState }) {
  const { label, color } = badges[status];
  return (
    <Badge color={color} variant="light" size="lg">
      {label}
    </Badge>
  );
}

/** What stops a home's reminders and what to do about it; nothing for a home that gets them. */
export function HomeStateNotice({ status }: { status: HomeState }) {
  if (status === 'active') return null;
  const notice: { title: string; body: ReactNode } =
    status === 'paused'
      ? {
          title: 'Reminders for this home are paused',
          body: (
            <>
              No reminder emails are sent for this home. To start them again, choose{' '}
              <Anchor component={Link} to="/my-home/preferences" c="dark" underline="always" fz="inherit">
                Resume reminders
              </Anchor>{' '}
              in your preferences, or ask your realtor.
            </>
          ),
        }
      : {
          title: 'This home is still being set up',
          body: 'Your realtor has not finished setting up this home. Reminders start once they have. Ask them if it is taking long.',
        };
  return (
    <Alert
      color={status === 'paused' ? 'orange' : 'gray'}
      variant="light"
      title={notice.title}
      icon={
        status === 'paused' ? (
          <IconPlayerPause size={18} aria-hidden />
        ) : (
          <IconInfoCircle size={18} aria-hidden />
        )
      }
    >
      {notice.body}
    </Alert>
  );
}

/** The whole account's emails stopped (decision 043): shown above everything, with the way back. */
export function UnsubscribedNotice({ since }: { since: string | null }) {
  if (!since) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      title="You have stopped all reminder emails"
      icon={<IconInfoCircle size={18} aria-hidden />}
    >
      We send you no reminder emails. The dates below still show what is coming. To get the emails again,
      choose{' '}
      <Anchor component={Link} to="/my-home/preferences" c="dark" underline="always" fz="inherit">
        Start reminder emails again
      </Anchor>{' '}
      in your preferences.
    </Alert>
  );
}
