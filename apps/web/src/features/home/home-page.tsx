import { useDeferredValue, type ComponentType, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  Anchor,
  Group,
  Paper,
  RingProgress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import {
  IconBell,
  IconBellOff,
  IconBuildingSkyscraper,
  IconCalendarDue,
  IconHomeCheck,
  IconHomeOff,
  IconHourglass,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { HomeSummary } from '@homeminder/shared/contracts/identity';
import { formatNumber } from '@homeminder/shared/format';
import { hasAnyPrivilege, useSession } from '../../lib/session-store';
import { Privilege } from '@homeminder/shared/permissions';
import { useHomeSummary } from './api';
import { UpcomingReminders } from './upcoming-reminders';
import { ReminderActivityCard } from '../mail/reminder-activity-card';
import { LoadError } from '../../components/errors/load-error';

interface Tile {
  key: keyof HomeSummary;
  label: string;
  hint: string;
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
  color: string;
  to?: string;
  /** Left out while it counts nothing. */
  hideZero?: boolean;
}

const tiles: Tile[] = [
  {
    key: 'clients',
    label: 'Clients',
    hint: 'homeowners and tenants you look after',
    icon: IconUsersGroup,
    color: 'blue',
    to: '/clients',
  },
  {
    key: 'enabledProperties',
    label: 'Active properties',
    hint: 'receiving reminders',
    icon: IconHomeCheck,
    color: 'teal',
  },
  {
    key: 'unsubscribedProperties',
    label: 'Unsubscribed',
    hint: 'clients asked to stop reminders',
    icon: IconBellOff,
    color: 'red',
    to: '/clients?status=unsubscribed',
    hideZero: true,
  },
  {
    key: 'pendingProperties',
    label: 'Pending set-up',
    hint: 'waiting to be completed',
    icon: IconHourglass,
    color: 'yellow',
  },
  {
    key: 'disabledProperties',
    label: 'Paused properties',
    hint: 'reminders switched off',
    icon: IconHomeOff,
    color: 'gray',
  },
  {
    key: 'dueNext30Days',
    label: 'Reminders due',
    hint: 'in the next 30 days',
    icon: IconCalendarDue,
    color: 'grape',
  },
  { key: 'realtors', label: 'Realtors', hint: 'in your company', icon: IconUsers, color: 'indigo' },
  {
    key: 'corporateUsers',
    label: 'Office staff',
    hint: 'administrators and managers',
    icon: IconUsers,
    color: 'cyan',
  },
  {
    key: 'corporations',
    label: 'Corporations',
    hint: 'customer accounts',
    icon: IconBuildingSkyscraper,
    color: 'blue',
  },
  {
    key: 'activeNotifications',
    label: 'Notifications',
    hint: 'active messages',
    icon: IconBell,
    color: 'orange',
  },
];

function StatTile({ tile, value }: { tile: Tile; value: number }) {
  const body = (
    <Paper withBorder p="md" h="100%">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text size="sm" c="gray.7" fw={600}>
            {tile.label}
          </Text>
          <Text fz={32} fw={700} lh={1.2}>
            {formatNumber(value)}
          </Text>
          <Text size="xs" c="gray.7">
            {tile.hint}
          </Text>
        </div>
        <ThemeIcon variant="light" color={tile.color} size={42} radius="md">
          <tile.icon size={24} aria-hidden />
        </ThemeIcon>
      </Group>
    </Paper>
  );
  return tile.to ? (
    <Anchor
      component={Link}
      to={tile.to}
      underline="never"
      c="inherit"
      aria-label={`${tile.label}: ${value}`}
    >
      {body}
    </Anchor>
  ) : (
    body
  );
}

function LicenseUse({ used, licensed }: { used: number; licensed: number }) {
  const share = licensed > 0 ? Math.min(100, Math.round((used / licensed) * 100)) : 100;
  const color = share >= 95 ? 'red' : share >= 80 ? 'yellow' : 'teal';
  return (
    <Paper withBorder p="md">
      <Group wrap="nowrap">
        <RingProgress
          size={110}
          thickness={12}
          roundCaps
          sections={[{ value: share, color }]}
          label={
            <Text ta="center" fw={700}>
              {share}%
            </Text>
          }
          aria-label={`${share}% of licenses in use`}
        />
        <div>
          <Text fw={600}>License use</Text>
          <Text size="sm">
            {formatNumber(used)} of {formatNumber(licensed)} licensed properties are active.
          </Text>
          {share >= 80 ? (
            <Text size="sm" c={share >= 95 ? 'red.8' : 'yellow.9'} fw={500}>
              {licensed - used <= 0
                ? 'No licenses are left.'
                : `Only ${formatNumber(licensed - used)} licenses are left.`}
            </Text>
          ) : null}
        </div>
      </Group>
    </Paper>
  );
}

function Section({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
      {children}
    </SimpleGrid>
  );
}

/** Home: the signed-in user's numbers at a glance, each a way into the work behind it. */
export function Component() {
  const name = useSession((state) => state.username);
  // Drawn as a transition, in slices, rather than in one long task as the numbers arrive.
  const summary = useDeferredValue(useHomeSummary());
  const managesClients = useSession((state) => hasAnyPrivilege([Privilege.CanManageClients], state));

  const greeting = <Text size="lg">Welcome back{name ? `, ${name.split(' ')[0]}` : ''}.</Text>;

  if (summary.isPending) {
    return (
      <Stack>
        {greeting}
        <Section>
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} h={110} radius="md" />
          ))}
        </Section>
      </Stack>
    );
  }
  if (summary.isError) {
    return (
      <Stack>
        {greeting}
        <LoadError title="Your numbers could not be loaded" error={summary.error} onRetry={summary.refetch} />
      </Stack>
    );
  }

  const data = summary.data;
  const shown = tiles.filter((tile) => data[tile.key] !== null && !(tile.hideZero && data[tile.key] === 0));
  return (
    <Stack>
      {greeting}
      {data.licensedProperties !== null && data.enabledProperties !== null ? (
        // An unsubscribed client's enabled property gets no reminders but still uses its license.
        <LicenseUse
          used={data.enabledProperties + (data.unsubscribedProperties ?? 0)}
          licensed={data.licensedProperties}
        />
      ) : null}
      {shown.length > 0 ? (
        <Section>
          {shown.map((tile) => (
            <StatTile key={tile.key} tile={tile} value={data[tile.key] ?? 0} />
          ))}
        </Section>
      ) : (
        <Text c="gray.7">There is nothing to count for your account yet. Use the menu to get started.</Text>
      )}
      {managesClients ? <ReminderActivityCard /> : null}
      {managesClients ? <UpcomingReminders /> : null}
    </Stack>
  );
}
