import { Link, useSearchParams } from 'react-router';
import { Button, Code } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { HomeButton, StatusCard } from './status-card';
import { safeAppPath } from '../../lib/safe-app-path';

/** Access Denied: the user is signed in but their role does not open the page they asked for. */
export function Component() {
  const [params] = useSearchParams();
  const from = params.get('from');
  return (
    <StatusCard
      icon={<IconLock size={26} aria-hidden />}
      title="Access denied"
      actions={
        <>
          <HomeButton />
          <Button component={Link} to="/logout" variant="default">
            Sign in as someone else
          </Button>
        </>
      }
    >
      Your account does not have access to {from ? <Code>{safeAppPath(from, from)}</Code> : 'that page'}. If
      you need it, ask your company's HomeMinder administrator to change your role.
    </StatusCard>
  );
}
