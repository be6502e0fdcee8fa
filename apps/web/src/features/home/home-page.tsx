import type { ReactNode } from 'react';
import { Skeleton, Stack } from '@mantine/core';
import { hasAnyPrivilege, useSession } from '../../lib/session-store';
import { Privilege } from '@homeminder/shared/permissions';
import { useHomeSummary } from './api';
import { UpcomingReminders } from './upcoming-reminders';
import { NeedsAttention } from './needs-attention';
import { HomesHealth } from './homes-health';
import { LoadError } from '../../components/errors/load-error';
import { homeFigures } from './home-figures';
import { Greeting, HomeFiguresView, TileSection } from './home-figures-view';
import { EngagementFigures } from './engagement-figures';

export interface HomePageProps {
  /** The reminders sent, failed and due by day (the mail feature's card), shown to client managers. */
  reminderActivity: ReactNode;
}

/**
 * Home: the signed-in user's numbers at a glance, each a way into the work behind it. What other
 * features show on it comes in through the props (app/routes/home-page.tsx composes them).
 */
export function HomePage({ reminderActivity }: HomePageProps) {
  const name = useSession((state) => state.username);
  const summary = useHomeSummary();
  const managesClients = useSession((state) => hasAnyPrivilege([Privilege.CanManageClients], state));

  const greetingText = <Greeting name={name} />;

  if (summary.isPending) {
    return (
      <Stack>
        {greetingText}
        <TileSection>
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} h={110} radius="md" />
          ))}
        </TileSection>
      </Stack>
    );
  }
  if (summary.isError) {
    return (
      <Stack>
        {greetingText}
        <LoadError title="Your numbers could not be loaded" error={summary.error} onRetry={summary.refetch} />
      </Stack>
    );
  }

  // The server counts no clients for a corporation that holds none, the operator's own
  // (docs/decisions/051): their reminders are not shown either.
  const showsReminders = managesClients && summary.data.clients !== null;
  return (
    <Stack>
      {greetingText}
      <HomeFiguresView figures={homeFigures(summary.data)} />
      {showsReminders ? <NeedsAttention /> : null}
      {showsReminders ? <HomesHealth /> : null}
      {showsReminders ? <EngagementFigures /> : null}
      {showsReminders ? reminderActivity : null}
      {showsReminders ? <UpcomingReminders /> : null}
    </Stack>
  );
}
