import { Link, useSearchParams } from 'react-router';
import { Button } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { HomeButton, StatusCard } from './status-card';
import { safeAppPath } from '../../lib/safe-app-path';

/** Unexpected Error: the check that decides whether a page may open did not respond. */
export function Component() {
  const [params] = useSearchParams();
  const from = params.get('from');
  return (
    <StatusCard
      icon={<IconAlertTriangle size={26} aria-hidden />}
      title="Something went wrong"
      actions={
        <>
          {from ? (
            <Button component={Link} to={safeAppPath(from)}>
              Try again
            </Button>
          ) : null}
          <HomeButton variant={from ? 'default' : 'filled'} />
        </>
      }
    >
      HomeMinder could not reach the server to open this page. Check your connection and try again in a
      moment.
    </StatusCard>
  );
}
