import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Grid.css';
import type { ReactNode } from 'react';
import { Divider, Grid, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import type { HomeownerHome, HomeownerReminder } from '@homeminder/shared/contracts/homeowner';
import { LoadError } from '../../components/errors/load-error';
import { HealthCard } from '../../components/home-health/health-card';
import { useHomeHealth, useHomeownerOverview, useSoldHomes } from './api';
import { CalendarCard } from './calendar-card';
import { HomeProfileSection } from './home-profile-section';
import { HomePlanSection } from './home-plan-section';
import { HomeSystemsSection } from './home-systems-section';
import { HomeRecordSection } from './home-record-section';
import { HomeSaleNotice, SoldHomesCard } from './home-sale';
import { EmailStoppedNotice } from './email-stopped-notice';
import { HomeStateBadge, HomeStateNotice, UnsubscribedNotice } from './home-state';
import { RealtorCard } from './realtor-card';
import { ReminderList } from './reminder-list';

export interface MyHomePageProps {
  /** What the homeowner may reply to a reminder (done, later, help), when there is a way. */
  reminderActions?: (reminder: HomeownerReminder, home: HomeownerHome) => ReactNode;
  /** A home's past reminders and replies, shown under its coming ones, when there are. */
  history?: (home: HomeownerHome) => ReactNode;
}

export function homeAddress(home: Pick<HomeownerHome, 'addressLine' | 'city' | 'state' | 'zip'>): string {
  return `${home.addressLine}, ${home.city}, ${home.state} ${home.zip}`;
}

/** Only an active home's dates are sent; a paused or pending home's list says so. */
const listHeadings = {
  active: 'Coming up',
  paused: 'Your reminders (not sent while paused)',
  pending: 'Your reminders (they start once the home is set up)',
} as const;

function HomeSection({
  home,
  timeZone,
  reminderActions,
  history,
}: { home: HomeownerHome; timeZone: string } & MyHomePageProps) {
  const headingId = `home-${home.id}`;
  return (
    <Paper component="section" withBorder p={{ base: 'md', sm: 'lg' }} aria-labelledby={headingId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Group gap={8} wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
            <IconHome size={22} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Title order={2} size="h4" id={headingId} style={{ overflowWrap: 'anywhere' }}>
              {homeAddress(home)}
            </Title>
          </Group>
          <HomeStateBadge status={home.status} />
        </Group>
        <HomeStateNotice status={home.status} />
        <HomeSaleNotice homeId={home.id} />
        <Title order={3} size="h5" c="gray.8">
          {listHeadings[home.status]}
        </Title>
        <ReminderList
          reminders={home.reminders}
          timeZone={timeZone}
          renderActions={reminderActions ? (reminder) => reminderActions(reminder, home) : undefined}
        />
        {history?.(home)}
        <Divider />
        <HomeHealthSection homeId={home.id} />
        <Divider />
        <HomeProfileSection homeId={home.id} />
        <Divider />
        <HomeSystemsSection homeId={home.id} />
        <Divider />
        <HomeRecordSection homeId={home.id} />
        <Divider />
        <HomePlanSection homeId={home.id} />
      </Stack>
    </Paper>
  );
}

function HomeHealthSection({ homeId }: { homeId: string }) {
  return <HealthCard health={useHomeHealth(homeId)} audience="homeowner" headingOrder={3} />;
}

/**
 * The homeowner's own page (/my-home): their homes and what is coming, their realtor, and their
 * calendar address. Replies to reminders and their history come in through the props, from the
 * feature that keeps them (app/routes/my-home-page.tsx composes them).
 */
export function MyHomePage({ reminderActions, history }: MyHomePageProps) {
  const overview = useHomeownerOverview();
  const sold = useSoldHomes().data?.homes.length ?? 0;
  if (overview.isPending) {
    return (
      <Stack aria-busy="true" aria-label="Loading">
        <Skeleton h={28} w={240} />
        <Skeleton h={320} radius="md" />
      </Stack>
    );
  }
  if (overview.isError) {
    return (
      <LoadError title="Your homes could not be loaded" error={overview.error} onRetry={overview.refetch} />
    );
  }
  const { data } = overview;
  return (
    <Stack gap="lg">
      <Text size="lg">
        Hello {data.firstName}.
        {data.homes.length > 0
          ? ` Here is what your home${data.homes.length === 1 ? '' : 's'} will need next.`
          : null}
      </Text>
      <EmailStoppedNotice email={data.email} stopped={data.emailStopped} timeZone={data.timeZone} />
      <UnsubscribedNotice since={data.unsubscribedAt} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            {data.homes.map((home) => (
              <HomeSection
                key={home.id}
                home={home}
                timeZone={data.timeZone}
                reminderActions={reminderActions}
                history={history}
              />
            ))}
            {data.homes.length === 0 ? (
              <Text>
                {sold > 0
                  ? 'Your homes with us are sold. Your realtor can add your next one.'
                  : 'No home is set up for you yet. Your realtor will add it.'}
              </Text>
            ) : null}
            <SoldHomesCard />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <RealtorCard realtor={data.realtor} brand={data.brand} />
            <CalendarCard hasFeed={data.hasCalendarFeed} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
