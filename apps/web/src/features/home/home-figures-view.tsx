import '@mantine/core/styles/Tooltip.css';
import '@mantine/core/styles/RingProgress.css';
import '@mantine/core/styles/ThemeIcon.css';
import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Group, Paper, RingProgress, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import {
  IconBell,
  IconBellOff,
  IconBuildingSkyscraper,
  IconCalendarDue,
  IconHomeCheck,
  IconHomeExclamation,
  IconHomeOff,
  IconHomeQuestion,
  IconHourglass,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import {
  greeting,
  tileDefinitions,
  type HomeFigures,
  type LicenseFigures,
  type TileFigures,
  type TileKey,
} from './home-figures';

const tileIcons: Record<TileKey, ComponentType<{ size?: number; 'aria-hidden'?: boolean }>> = {
  clients: IconUsersGroup,
  enabledProperties: IconHomeCheck,
  noReminderProperties: IconHomeQuestion,
  unsubscribedProperties: IconBellOff,
  pendingProperties: IconHourglass,
  disabledProperties: IconHomeOff,
  replacementSoonProperties: IconHomeExclamation,
  dueNext30Days: IconCalendarDue,
  realtors: IconUsers,
  corporateUsers: IconUsers,
  corporations: IconBuildingSkyscraper,
  activeNotifications: IconBell,
};

export function LicenseCard({ license }: { license: LicenseFigures }) {
  return (
    <Paper withBorder p="md">
      <Group wrap="nowrap">
        <RingProgress
          size={110}
          thickness={12}
          roundCaps
          sections={[{ value: Number(license.share), color: license.ringColor }]}
          label={
            <Text fw={700} ta="center">
              {license.share}%
            </Text>
          }
          role="img"
          aria-label={`${license.share}% of licenses in use`}
        />
        <div>
          <Text fw={600}>License use</Text>
          <Text size="sm">
            {license.used} of {license.licensed} licensed properties are active.
          </Text>
          {license.warning ? (
            <Text size="sm" fw={500} style={{ color: license.warning.color }}>
              {license.warning.text}
            </Text>
          ) : null}
        </div>
      </Group>
    </Paper>
  );
}

export function StatTile({ tile }: { tile: TileFigures }) {
  const definition = tileDefinitions.find((candidate) => candidate.key === tile.key)!;
  const Icon = tileIcons[tile.key];
  const body = (
    <Paper withBorder p="md" h="100%">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text size="sm" c="gray.7" fw={600}>
            {definition.label}
          </Text>
          <Text fz={32} fw={700} lh={1.2}>
            {tile.value}
          </Text>
          <Text size="xs" c="gray.7">
            {definition.hint}
          </Text>
        </div>
        <ThemeIcon variant="light" color={definition.color} size={42} radius="md">
          <Icon size={24} aria-hidden />
        </ThemeIcon>
      </Group>
    </Paper>
  );
  return definition.to ? (
    <Anchor
      component={Link}
      to={definition.to}
      underline="never"
      c="inherit"
      aria-label={`${definition.label}: ${tile.spokenValue}`}
    >
      {body}
    </Anchor>
  ) : (
    body
  );
}

/** Home's grid of tiles, or of their placeholders while the numbers load. */
export function TileSection({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
      {children}
    </SimpleGrid>
  );
}

/** "Welcome back, Marco." */
export function Greeting({ name }: { name: string | null }) {
  return <Text size="lg">{greeting(name)}</Text>;
}

export function NothingToCount() {
  return <Text c="gray.7">There is nothing to count for your account yet. Use the menu to get started.</Text>;
}

/** Home's numbers: the license use, where the person may see it, then a tile per count. */
export function HomeFiguresView({ figures }: { figures: HomeFigures }) {
  return (
    <>
      {figures.license ? <LicenseCard license={figures.license} /> : null}
      {figures.tiles.length > 0 ? (
        <TileSection>
          {figures.tiles.map((tile) => (
            <StatTile key={tile.key} tile={tile} />
          ))}
        </TileSection>
      ) : (
        <NothingToCount />
      )}
    </>
  );
}
