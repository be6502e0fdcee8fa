import type { ReactNode } from 'react';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconTool } from '@tabler/icons-react';
import {
  homeSystemLimits,
  homeSystemMessages,
  type HomeSystem,
  type HomeSystemList,
  type HomeSystemValues,
} from '@homeminder/shared/contracts/home-systems';
import {
  homeSystemTitle,
  systemFactsLine,
  warrantyDaysLeft,
  warrantyNoticeText,
} from '@homeminder/shared/contracts/home-system-words';
import { formatCount, formatDay } from '@homeminder/shared/format';
import { wearOutOf } from '@homeminder/shared/lifespans';
import {
  HomeSection,
  HomeSectionAddButton,
  HomeSectionList,
  homeSectionWaiting,
  type HomeSectionQuery,
} from '../home-section';
import { useFormInPlace } from '../form/form-in-place';
import { HomeSystemForm } from './home-system-form';
import type { SystemFileCalls } from './system-file-calls';
import { LabelThumbnail, ManualLink } from './system-file-view';

function SystemRow({
  system,
  today,
  whose,
  files,
  onChange,
}: {
  system: HomeSystem;
  today: Date;
  whose: 'Your' | 'The';
  files: SystemFileCalls;
  onChange: () => void;
}) {
  const title = homeSystemTitle(system);
  const wearOut = wearOutOf(system, today, whose);
  const warrantyDays = warrantyDaysLeft(system, today);
  return (
    <Paper withBorder p="sm" radius="md" component="li">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <LabelThumbnail system={system} files={files} />
        <Stack gap={2} style={{ minWidth: 0, flexGrow: 1 }}>
          <Text fw={600}>{title}</Text>
          <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
            {systemFactsLine(system, today)}
          </Text>
          {system.warrantyEndsOn && warrantyDays === null ? (
            <Text size="sm" c="gray.7">
              Warranty until {formatDay(system.warrantyEndsOn)}
            </Text>
          ) : null}
          {warrantyDays !== null ? (
            <Notice>{warrantyNoticeText(warrantyDays, formatDay(system.warrantyEndsOn!))}</Notice>
          ) : null}
          {wearOut ? <Notice>{wearOut.text}</Notice> : null}
          <ManualLink system={system} files={files} />
        </Stack>
        <Button
          variant="default"
          size="xs"
          onClick={onChange}
          aria-label={`Change ${title.toLowerCase()}`}
          style={{ flexShrink: 0 }}
        >
          Change
        </Button>
      </Group>
    </Paper>
  );
}

/** Something to act on about a system: its wear or its warranty. */
function Notice({ children }: { children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" mt={4}>
      <IconAlertTriangle size={16} aria-hidden color="#8a3306" style={{ flexShrink: 0, marginTop: 2 }} />
      <Text size="sm" c="#8a3306">
        {children}
      </Text>
    </Group>
  );
}

/**
 * A home's systems as their card calls them: the homeowner's calls on My home, staff's in the
 * client's details.
 */
export interface HomeSystemsCalls {
  systems: HomeSectionQuery<HomeSystemList>;
  /** Adds a system (no `id`) or changes one. */
  save: (change: { id?: string; values: HomeSystemValues }) => Promise<unknown>;
  remove: (id: string) => Promise<unknown>;
  /** The systems' label photos and manuals (docs/decisions/091). */
  files: SystemFileCalls;
}

/**
 * A home's systems and appliances where people look after it (docs/decisions/089): each with what
 * is known of it, and the form to add or change one. `audience` words it for the homeowner or for
 * staff; the calls are the caller's.
 */
export function HomeSystemsCard({
  calls: { systems, save, remove, files },
  audience,
  headingOrder,
  today = new Date(),
}: {
  calls: HomeSystemsCalls;
  audience: 'homeowner' | 'staff';
  headingOrder: 3 | 4;
  today?: Date;
}) {
  /** The system being changed, "new" while one is added, or null. */
  const { opened: editing, open: setEditing, close, focusRef } = useFormInPlace<HomeSystem | 'new'>();
  const title = audience === 'homeowner' ? 'Your systems and appliances' : 'Systems and appliances';
  const waiting = homeSectionWaiting(systems, title);
  if (waiting || !systems.data) return waiting;
  const items = systems.data.items;
  const formHeading = (headingOrder + 1) as 4 | 5;

  if (editing) {
    const system = editing === 'new' ? undefined : editing;
    return (
      <HomeSystemForm
        system={system}
        files={files}
        headingOrder={formHeading}
        save={async (values) => {
          await save({ id: system?.id, values });
          notifications.show({ color: 'teal', message: homeSystemMessages.saved(homeSystemTitle(values)) });
        }}
        remove={
          system
            ? async () => {
                await remove(system.id);
                notifications.show({
                  color: 'teal',
                  message: homeSystemMessages.removed(homeSystemTitle(system)),
                });
              }
            : undefined
        }
        onClose={close}
      />
    );
  }

  const invitation =
    audience === 'homeowner'
      ? 'Add your furnace, water heater, roof and appliances with what you know of them. Their age and filter size let your reminders fit them; "Not sure" is always fine.'
      : 'None listed yet. The homeowner can add them on their page, or you can here.';
  return (
    <HomeSection
      icon={IconTool}
      title={title}
      order={headingOrder}
      aside={items.length > 0 ? formatCount(items.length, 'listed', 'listed') : null}
      focusRef={focusRef}
    >
      {items.length === 0 ? (
        <Text size="sm">{invitation}</Text>
      ) : (
        <HomeSectionList>
          {items.map((system) => (
            <SystemRow
              key={system.id}
              system={system}
              today={today}
              whose={audience === 'homeowner' ? 'Your' : 'The'}
              files={files}
              onChange={() => setEditing(system)}
            />
          ))}
        </HomeSectionList>
      )}
      <HomeSectionAddButton
        count={items.length}
        limit={homeSystemLimits.perHome}
        full={homeSystemMessages.tooMany}
        onAdd={() => setEditing('new')}
      >
        Add a system or appliance
      </HomeSectionAddButton>
    </HomeSection>
  );
}
