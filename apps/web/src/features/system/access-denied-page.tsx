import '@mantine/core/styles/Code.css';
import { Link, useSearchParams } from 'react-router';
import { Button, Code } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { HomeButton, StatusCard } from './status-card';
import { safeAppPath } from '../../lib/safe-app-path';
import { isHomeowner, useSession } from '../../lib/session-store';

/** Access Denied: the user is signed in but their role does not open the page they asked for. */
export function Component() {
  const [params] = useSearchParams();
  const from = params.get('from');
  const homeowner = useSession((state) => isHomeowner(state));
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
      Your account does not have access to {from ? <Code>{safeAppPath(from, from)}</Code> : 'that page'}.{' '}
      {homeowner
        ? 'That page is for the staff of your realtor’s company. Your reminders and choices are on your own pages.'
        : "If you need it, ask your company's HomeMinder administrator to change your role."}
    </StatusCard>
  );
}
