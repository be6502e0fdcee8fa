import { useState, type ReactNode } from 'react';
import { Box, Button, Group, Image, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBuildingSkyscraper, IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import type { CorporationDetails } from '@homeminder/shared/contracts/admin';
import { Privilege } from '@homeminder/shared/permissions';
import { hasAnyPrivilege, useSession } from '../../../lib/session-store';
import { useBranding, useSetCorporationEnabled } from '../api';
import { StatusBadge } from './badges';
import { ConfirmDialog } from '../../../components/confirm-dialog';

/** Enables or disables a corporation, after asking; for the operator's administrators only. */
function EnableToggle({ corporation }: { corporation: CorporationDetails }) {
  const toggle = useSetCorporationEnabled();
  const [confirming, setConfirming] = useState(false);
  const confirm = async () => {
    try {
      const saved = await toggle.mutateAsync({ id: corporation.id, enabled: !corporation.enabled });
      notifications.show({
        color: saved.enabled ? 'teal' : 'gray',
        message: `${saved.name} is ${saved.enabled ? 'enabled' : 'disabled'}.`,
      });
      setConfirming(false);
    } catch {
      // The dialog shows the error.
    }
  };
  return (
    <>
      <Button
        variant="light"
        color={corporation.enabled ? 'red' : 'teal'}
        leftSection={
          corporation.enabled ? (
            <IconPlayerStop size={16} aria-hidden />
          ) : (
            <IconPlayerPlay size={16} aria-hidden />
          )
        }
        onClick={() => {
          toggle.reset();
          setConfirming(true);
        }}
      >
        {corporation.enabled ? 'Disable company' : 'Enable company'}
      </Button>
      <ConfirmDialog
        opened={confirming}
        title={`${corporation.enabled ? 'Disable' : 'Enable'} ${corporation.name}?`}
        confirmLabel={corporation.enabled ? 'Disable company' : 'Enable company'}
        danger={corporation.enabled}
        busy={toggle.isPending}
        error={toggle.error}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
      >
        {corporation.enabled
          ? `Every user of ${corporation.name} will be signed out at once and cannot sign in until the company is enabled again.`
          : `The users of ${corporation.name} can sign in again.`}
      </ConfirmDialog>
    </>
  );
}

/** A corporation's name, status and branding image, with the screen's own actions. */
export function CorporationHeader({
  corporation,
  actions,
}: {
  corporation: CorporationDetails;
  actions?: ReactNode;
}) {
  const branding = useBranding(corporation.hasBrandingImage ? corporation.id : undefined);
  const operator = useSession((state) => hasAnyPrivilege([Privilege.AddCorporateAccounts], state));
  return (
    <Group justify="space-between" align="center" gap="md" wrap="wrap">
      <Group gap="md" wrap="nowrap" align="center">
        {branding.data ? (
          <Box w={120} h={56} style={{ display: 'flex', alignItems: 'center' }}>
            <Image src={branding.data} alt={`${corporation.name} logo`} mah={56} maw={120} fit="contain" />
          </Box>
        ) : (
          <ThemeIcon size={52} radius="md" variant="light" aria-hidden>
            <IconBuildingSkyscraper size={28} />
          </ThemeIcon>
        )}
        <Stack gap={2}>
          <Group gap="xs">
            <Title order={2} size="h3">
              {corporation.name}
            </Title>
            <StatusBadge enabled={corporation.enabled} />
          </Group>
          {corporation.siteName && corporation.siteName !== corporation.name ? (
            <Text size="sm" c="gray.7">
              {corporation.siteName}
            </Text>
          ) : null}
        </Stack>
      </Group>
      <Group gap="sm">
        {actions}
        {operator && !corporation.isSystem ? <EnableToggle corporation={corporation} /> : null}
      </Group>
    </Group>
  );
}
