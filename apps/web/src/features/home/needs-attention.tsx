import '@mantine/core/styles/Combobox.css';
import { lazy, Suspense, useState } from 'react';
import { Alert, Badge, Group, Paper, Select, Stack } from '@mantine/core';
import {
  attentionMessages,
  attentionReasonLabels,
  attentionRules,
  attentionReasons,
} from '@homeminder/shared/attention-words';
import type { AttentionItem } from '@homeminder/shared/contracts/attention';
import { formatNumber } from '@homeminder/shared/format';
import { DataGrid, useGridState } from '../../components/data-grid';
import { CardTitle } from '../../components/section-card';
import { invitationNotices } from '../../components/invitation-notices';
import { useCorporationTimeZone } from '../../lib/corporation-time-zone';
import { usePhone } from '../../lib/phone';
import { corporationWidePrivileges } from '@homeminder/shared/permissions';
import { hasAnyPrivilege, useSession } from '../../lib/session-store';
import { useAttention, useInviteAgain, useRealtors } from './api';
import { AttentionCards, attentionColumns, attentionKey, type AttentionView } from './attention-grid';

// The dialog's form validates with the shared schema, so its code (and the validation library) loads
// when a help request is first marked handled, not with Home.
const MarkHandledDialog = lazy(() =>
  import('./mark-handled-dialog').then((module) => ({ default: module.MarkHandledDialog })),
);

const allRealtors = 'all';

/** The realtor filter of managers and administrators, who see the whole corporation. */
function RealtorFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const realtors = useRealtors();
  const data = [
    { value: allRealtors, label: 'All realtors' },
    ...(realtors.data ?? []).map((realtor) => ({
      value: realtor.id,
      label: `${realtor.firstName} ${realtor.lastName}${realtor.enabled ? '' : ' (disabled)'}`,
    })),
  ];
  return (
    <Select
      size="xs"
      w={220}
      label="Realtor"
      data={data}
      value={value}
      onChange={(next) => onChange(next ?? allRealtors)}
      allowDeselect={false}
      searchable
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/**
 * Home's list of the clients worth a call (docs/decisions/063), newest first: a fresh help request
 * tops the list rather than waiting under months-old reminders. It refreshes itself each minute and
 * when the person comes back to the tab.
 */
export function NeedsAttention() {
  const corporationWide = useSession((state) => hasAnyPrivilege(corporationWidePrivileges, state));
  const [realtor, setRealtor] = useState(allRealtors);
  const grid = useGridState({ sizes: [String(attentionRules.pageSize)], sortColumns: [] });
  const [handling, setHandling] = useState<AttentionItem | null>(null);
  const [confirmation, setConfirmation] = useState<string | null>(null);
  const list = useAttention(realtor === allRealtors ? null : realtor, grid.state.page);
  const invite = useInviteAgain();
  const timeZone = useCorporationTimeZone();
  const phone = usePhone();

  const actions = {
    onMarkHandled: setHandling,
    onInviteAgain: (item: AttentionItem) =>
      invite.mutate(item.clientId, {
        onSuccess: (response) => {
          setConfirmation(response.message);
          invitationNotices.onSuccess(response);
        },
        onError: invitationNotices.onError,
      }),
    inviting: invite.isPending ? (invite.variables ?? null) : null,
  };
  const view: AttentionView = {
    timeZone: timeZone ?? '',
    now: new Date(),
    showRealtor: corporationWide && realtor === allRealtors,
    actions,
  };
  const counts = list.data && list.data.total > 0 ? list.data.counts : null;

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="needs-attention-title">
      <Group justify="space-between" align="flex-end" mb="sm" wrap="wrap">
        <CardTitle id="needs-attention-title">Needs attention</CardTitle>
        {corporationWide ? (
          <RealtorFilter
            value={realtor}
            onChange={(next) => {
              setRealtor(next);
              grid.update({ page: 1 });
            }}
          />
        ) : null}
      </Group>
      <div role="status" aria-live="polite">
        {confirmation ? (
          <Alert
            color="teal"
            mb="sm"
            withCloseButton
            onClose={() => setConfirmation(null)}
            closeButtonLabel="Dismiss"
          >
            {confirmation}
          </Alert>
        ) : null}
      </div>
      <Stack gap="sm">
        {counts ? (
          <Group gap={6} wrap="wrap" aria-label="How many, by reason">
            {attentionReasons
              .filter((reason) => counts[reason] > 0)
              .map((reason) => (
                <Badge key={reason} variant="outline" color="gray.7">
                  {attentionReasonLabels[reason]}: {formatNumber(counts[reason])}
                </Badge>
              ))}
          </Group>
        ) : null}
        <DataGrid
          label="Clients who need attention"
          errorTitle="The list could not be loaded"
          columns={attentionColumns(view)}
          query={{
            ...list,
            // Every date is in the corporation's time zone: the rows wait for it.
            isPending: list.isPending || !timeZone,
            data: list.data && { items: list.data.items, totalItemCount: list.data.total },
          }}
          rowKey={attentionKey}
          grid={grid}
          hideSinglePage
          minWidth={640}
          verticalSpacing="xs"
          striped={false}
          phone={phone}
          cards={(items) => <AttentionCards items={items} {...view} />}
          empty={attentionMessages.empty}
        />
      </Stack>
      {handling ? (
        <Suspense fallback={null}>
          <MarkHandledDialog
            item={handling}
            onClose={() => setHandling(null)}
            onHandled={(result) => setConfirmation(result.message)}
          />
        </Suspense>
      ) : null}
    </Paper>
  );
}
