import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/ThemeIcon.css';
import { useState, type ReactNode } from 'react';
import { Box, Group, Image, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingSkyscraper } from '@tabler/icons-react';
import type { CorporationDetails } from '@homeminder/shared/contracts/admin';
import { Privilege } from '@homeminder/shared/permissions';
import { hasAnyPrivilege, useSession } from '../../../lib/session-store';
import { useBranding } from '../api';
import { StatusBadge } from '../../../components/badges';
import { EnableButton } from '../../../components/enable-toggle';
import { EnableCorporationDialog } from './enable-corporation-dialog';

/** Enables or disables a corporation, after asking; for the operator's administrators only. */
function EnableToggle({ corporation }: { corporation: CorporationDetails }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <EnableButton enabled={corporation.enabled} noun="company" onClick={() => setConfirming(true)} />
      <EnableCorporationDialog
        target={confirming ? corporation : null}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

/** The name clients see (the site's), under the corporation's own where the two differ. */
export function SiteNameLine({
  corporation,
  size,
}: {
  corporation: { name: string; siteName: string | null };
  size: 'xs' | 'sm';
}) {
  if (!corporation.siteName || corporation.siteName === corporation.name) return null;
  return (
    <Text size={size} c="gray.7">
      {corporation.siteName}
    </Text>
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
          <SiteNameLine corporation={corporation} size="sm" />
        </Stack>
      </Group>
      <Group gap="sm">
        {actions}
        {operator && !corporation.isSystem ? <EnableToggle corporation={corporation} /> : null}
      </Group>
    </Group>
  );
}
