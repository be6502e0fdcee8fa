import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/SegmentedControl.css';
import { useState } from 'react';
import { Box, Button, Group, Paper, Progress, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileDownload, IconNotebook } from '@tabler/icons-react';
import {
  careRecordLimits,
  careRecordMessages,
  costByYear,
  homeReportPapers,
  type CareEntry,
  type HomeReportPaper,
} from '@homeminder/shared/contracts/care-record';
import type { HomeSystem } from '@homeminder/shared/contracts/home-systems';
import { homeSystemTitle } from '@homeminder/shared/contracts/home-system-words';
import { formatCost, formatCount, formatDay, formatPhone } from '@homeminder/shared/format';
import { formatDayInWords } from '@homeminder/shared/due-date';
import { HomeSection, HomeSectionAddButton, HomeSectionList, homeSectionWaiting } from '../home-section';
import { useFormInPlace } from '../form/form-in-place';
import { ServerErrorAlert } from '../form/server-error-alert';
import { CareEntryForm } from './care-entry-form';
import { CareFiles } from './care-file-view';
import type { CareRecordCalls } from './care-record-calls';

const allSystems = '';

/** Who did the work, in words: the professional with their phone, or the homeowner. */
function doerText(entry: CareEntry, audience: 'homeowner' | 'staff'): string {
  if (entry.doneBy === 'pro')
    return ['By', entry.proName ?? 'a professional', entry.proPhone ? `· ${formatPhone(entry.proPhone)}` : '']
      .filter(Boolean)
      .join(' ');
  return audience === 'homeowner' ? 'Done yourselves' : 'Done by the homeowner';
}

function EntryRow({
  entry,
  calls,
  audience,
  onChange,
}: {
  entry: CareEntry;
  calls: CareRecordCalls;
  audience: 'homeowner' | 'staff';
  onChange: () => void;
}) {
  // Asking "Remove this entry?" in place of the button pressed: "Keep it" takes the focus, and the
  // entry after it.
  const {
    opened: removing,
    open: setRemoving,
    close: keep,
    focusRef,
  } = useFormInPlace<true, HTMLLIElement>();
  const [failure, setFailure] = useState<unknown>(null);
  // Homeowners read dates in words; staff screens keep their compact dates.
  const day = audience === 'homeowner' ? formatDayInWords(entry.doneOn) : formatDay(entry.doneOn);
  const facts = [day, entry.systemTitle, doerText(entry, audience)].filter(Boolean);
  return (
    <Paper withBorder p="sm" radius="md" component="li" ref={focusRef} tabIndex={-1}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {entry.title}
          </Text>
          {entry.cost !== null ? (
            <Text fw={600} style={{ flexShrink: 0 }}>
              {formatCost(entry.cost)}
            </Text>
          ) : null}
        </Group>
        <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
          {facts.join(' · ')}
        </Text>
        {entry.replacesSystem ? (
          <Text size="sm" c="gray.7">
            Put in new: its age counts from this date
          </Text>
        ) : null}
        {entry.note ? (
          <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {entry.note}
          </Text>
        ) : null}
        <CareFiles entry={entry} calls={calls} />
        <Group gap="xs" mt={4}>
          <Button variant="default" size="xs" onClick={onChange} aria-label={`Change "${entry.title}"`}>
            Change
          </Button>
          {entry.fromReminder ? (
            <Text size="xs" c="gray.7">
              From a reminder marked done
            </Text>
          ) : removing ? (
            <Group gap="xs">
              <Text size="sm">Remove this entry?</Text>
              <Button
                size="xs"
                color="red"
                onClick={() => {
                  setFailure(null);
                  calls.remove(entry.id).then(
                    () => notifications.show({ color: 'teal', message: careRecordMessages.removed }),
                    (error: unknown) => {
                      setFailure(error);
                      keep();
                    },
                  );
                }}
              >
                Remove
              </Button>
              <Button size="xs" variant="default" onClick={keep} autoFocus>
                Keep it
              </Button>
            </Group>
          ) : (
            <Button variant="subtle" color="red" size="xs" onClick={() => setRemoving(true)}>
              Remove
            </Button>
          )}
        </Group>
        <ServerErrorAlert error={failure} title="It was not removed" />
      </Stack>
    </Paper>
  );
}

/** What the care cost each year, as bars against the dearest year. */
function CostByYear({ entries }: { entries: readonly CareEntry[] }) {
  const years = costByYear(entries).filter((year) => year.cost > 0);
  if (years.length === 0) return null;
  const most = Math.max(...years.map((year) => year.cost));
  return (
    <Box component="dl" m={0} aria-label="Cost by year">
      {years.map((year) => (
        <Box
          key={year.year}
          mb={8}
          style={{ display: 'grid', gridTemplateColumns: '3rem 1fr', alignItems: 'center', columnGap: 8 }}
        >
          <Text component="dt" size="sm" fw={600}>
            {year.year}
          </Text>
          <Box component="dd" m={0}>
            <Group justify="space-between" gap="xs">
              <Text size="sm" component="span">
                {formatCost(year.cost)}
              </Text>
              <Text size="sm" c="gray.7" component="span">
                {formatCount(year.entries, 'entry', 'entries')}
              </Text>
            </Group>
            <Progress value={(year.cost / most) * 100} size="sm" color="teal.8" aria-hidden />
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** The home report as a PDF, on the paper chosen, saved on the device. */
function ReportDownload({ calls }: { calls: CareRecordCalls }) {
  const [paper, setPaper] = useState<HomeReportPaper>('letter');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  return (
    <Stack gap={6}>
      <Group gap="sm" align="end">
        <Button
          variant="default"
          leftSection={<IconFileDownload size={16} aria-hidden />}
          loading={busy}
          onClick={() => {
            setBusy(true);
            setFailure(null);
            calls
              .downloadReport(paper)
              .catch(setFailure)
              .finally(() => setBusy(false));
          }}
        >
          Download the home report
        </Button>
        <SegmentedControl
          aria-label="Paper"
          size="xs"
          value={paper}
          onChange={(value) => setPaper(value as HomeReportPaper)}
          data={Object.entries(homeReportPapers).map(([value, label]) => ({ value, label }))}
        />
      </Group>
      <Text size="xs" c="gray.7">
        A PDF of the home, its systems, this record and what is coming: for a sale, an insurer or a buyer.
      </Text>
      <ServerErrorAlert error={failure} title="The report could not be made" />
    </Stack>
  );
}

/**
 * A home's care record (docs/decisions/094): what was done, when, by whom and for how much, with
 * its photos and receipts, newest first, of one system when chosen, with each year's cost. The
 * homeowner sees it on My home, staff in the client's details; the calls are the caller's.
 */
export function CareRecordCard({
  calls,
  systems,
  audience,
  headingOrder,
}: {
  calls: CareRecordCalls;
  systems: readonly HomeSystem[];
  audience: 'homeowner' | 'staff';
  headingOrder: 3 | 4;
}) {
  const { opened: editing, open: setEditing, close, focusRef } = useFormInPlace<CareEntry | 'new'>();
  const [systemId, setSystemId] = useState(allSystems);
  const title = audience === 'homeowner' ? 'Your care record' : 'Care record';
  const waiting = homeSectionWaiting(calls.record, title);
  if (waiting || !calls.record.data) return waiting;
  const { items, today } = calls.record.data;
  const shown = systemId ? items.filter((entry) => entry.systemId === systemId) : items;

  if (editing) {
    const entry = editing === 'new' ? undefined : editing;
    return (
      <CareEntryForm
        entry={entry}
        systems={systems}
        today={today}
        headingOrder={(headingOrder + 1) as 4 | 5}
        save={async (values, files) => {
          const kept = await calls.save({ id: entry?.id, values });
          for (const file of files) await calls.addFile({ entryId: kept.id, file });
          notifications.show({
            color: 'teal',
            message: entry ? careRecordMessages.changed : careRecordMessages.recorded,
          });
        }}
        onClose={close}
      />
    );
  }

  const invitation =
    audience === 'homeowner'
      ? 'Every reminder you mark done is kept here. Add other work too (a new roof, a repair), with who did it, the cost and the receipt: a record that helps when you sell.'
      : 'Nothing recorded yet. Reminders marked done and work the homeowner or you record show here.';
  const listed = systems.filter((system) => items.some((entry) => entry.systemId === system.id));
  return (
    <HomeSection
      icon={IconNotebook}
      title={title}
      order={headingOrder}
      aside={items.length > 0 ? formatCount(items.length, 'entry', 'entries') : null}
      focusRef={focusRef}
    >
      {items.length === 0 ? <Text size="sm">{invitation}</Text> : null}
      {listed.length > 0 ? (
        <Select
          label="Show"
          data={[
            { value: allSystems, label: 'All work' },
            ...listed.map((system) => ({ value: system.id, label: homeSystemTitle(system) })),
          ]}
          value={systemId}
          onChange={(choice) => setSystemId(choice ?? allSystems)}
          allowDeselect={false}
          maw={320}
        />
      ) : null}
      <CostByYear entries={shown} />
      {shown.length > 0 ? (
        <HomeSectionList>
          {shown.map((entry) => (
            <EntryRow
              key={entry.id}
              entry={entry}
              calls={calls}
              audience={audience}
              onChange={() => setEditing(entry)}
            />
          ))}
        </HomeSectionList>
      ) : null}
      <ReportDownload calls={calls} />
      <HomeSectionAddButton
        count={items.length}
        limit={careRecordLimits.perHome}
        full={careRecordMessages.tooMany}
        onAdd={() => setEditing('new')}
      >
        Record work
      </HomeSectionAddButton>
    </HomeSection>
  );
}
