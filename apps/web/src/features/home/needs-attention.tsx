import { useState } from 'react';
import { Alert, Badge, Group, Paper, Select, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  attentionMessages,
  attentionReasonLabels,
  attentionReasons,
  type AttentionItem,
} from '@homeminder/shared/contracts/attention';
import { formatNumber } from '@homeminder/shared/format';
import { LoadError } from '../../components/errors/load-error';
import { CardTitle } from '../../components/section-card';
import { errorMessageOf } from '../../lib/api-error';
import { useCorporationTimeZone } from '../../lib/corporation-time-zone';
import { corporationWidePrivileges } from '@homeminder/shared/permissions';
import { hasAnyPrivilege, useSession } from '../../lib/session-store';
import { useAttention, useInviteAgain, useRealtors } from './api';
import { AttentionRow } from './attention-row';
import { ListPager } from './list-pager';
import { MarkHandledDialog } from './mark-handled-dialog';

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
  const [page, setPage] = useState(1);
  const [handling, setHandling] = useState<AttentionItem | null>(null);
  const [confirmation, setConfirmation] = useState<string | null>(null);
  const list = useAttention(realtor === allRealtors ? null : realtor, page);
  const invite = useInviteAgain();
  const timeZone = useCorporationTimeZone();
  // The last row of a page leaving the list: show the page before rather than an empty one.
  const rowLeft = (message: string) => {
    setConfirmation(message);
    if (page > 1 && list.data?.items.length === 1) setPage(page - 1);
  };

  const actions = {
    onMarkHandled: setHandling,
    onInviteAgain: (item: AttentionItem) =>
      invite.mutate(item.clientId, {
        onSuccess: (answer) => {
          rowLeft(answer.message);
          notifications.show({ color: 'teal', title: 'Invitation sent', message: answer.message });
        },
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: 'The invitation could not be sent',
            message: errorMessageOf(error),
          }),
      }),
    inviting: invite.isPending ? (invite.variables ?? null) : null,
  };

  let body;
  if (list.isPending || !timeZone) {
    body = (
      <Stack gap="xs" aria-busy="true">
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} h={56} />
        ))}
      </Stack>
    );
  } else if (list.isError) {
    body = <LoadError title="The list could not be loaded" error={list.error} onRetry={list.refetch} />;
  } else if (list.data.total === 0) {
    body = (
      <Text c="gray.7" py="md">
        {attentionMessages.empty}
      </Text>
    );
  } else {
    const now = new Date();
    body = (
      <Stack gap="sm">
        <Group gap={6} wrap="wrap" aria-label="How many, by reason">
          {attentionReasons
            .filter((reason) => list.data.counts[reason] > 0)
            .map((reason) => (
              <Badge key={reason} variant="outline" color="gray.7">
                {attentionReasonLabels[reason]}: {formatNumber(list.data.counts[reason])}
              </Badge>
            ))}
        </Group>
        <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
          {list.data.items.map((item) => (
            <AttentionRow
              key={`${item.reason}-${item.clientId}-${item.answerId ?? ''}`}
              item={item}
              timeZone={timeZone}
              now={now}
              showRealtor={corporationWide && realtor === allRealtors}
              actions={actions}
            />
          ))}
        </Stack>
        <ListPager
          total={list.data.total}
          pageSize={list.data.pageSize}
          page={page}
          onChange={setPage}
          countText={(total) => `${total} in all`}
        />
      </Stack>
    );
  }

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="needs-attention-title">
      <Group justify="space-between" align="flex-end" mb="sm" wrap="wrap">
        <CardTitle id="needs-attention-title">Needs attention</CardTitle>
        {corporationWide ? (
          <RealtorFilter
            value={realtor}
            onChange={(next) => {
              setRealtor(next);
              setPage(1);
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
      {body}
      <MarkHandledDialog
        item={handling}
        onClose={() => setHandling(null)}
        onHandled={(result) => rowLeft(result.message)}
      />
    </Paper>
  );
}
