import { Link, useSearchParams } from 'react-router';
import { Button, Group } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { StatusCard } from './status-card';
import { safeAppPath } from '../../lib/safe-app-path';

/** Unexpected Error: the check that decides whether a page may open did not answer. */
export function Component() {
  const [params] = useSearchParams();
  const from = params.get('from');
  return (
    <StatusCard
      icon={<IconAlertTriangle size={26} aria-hidden />}
      title="Something went wrong"
      actions={
        <Group>
          {from ? (
            <Button component={Link} to={safeAppPath(from)}>
              Try again
            </Button>
          ) : null}
          <Button component={Link} to="/" variant={from ? 'default' : 'filled'}>
            Go to Home
          </Button>
        </Group>
      }
    >
      HomeMinder could not reach the server to open this page. Check your connection and try again in a
      moment.
    </StatusCard>
  );
}
