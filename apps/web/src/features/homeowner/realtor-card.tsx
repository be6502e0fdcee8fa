import '@mantine/core/styles/Avatar.css';
import { Anchor, Avatar, Group, Paper, Stack, Text } from '@mantine/core';
import { IconMail, IconPhone } from '@tabler/icons-react';
import type { HomeownerBrand, HomeownerRealtor } from '@homeminder/shared/contracts/homeowner';
import { formatPhone } from '@homeminder/shared/format';
import { CardTitle } from '../../components/section-card';
import { useHomeownerImage } from './api';

function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}

/** Who looks after the homeowner: their realtor, and the corporation behind the reminders. */
export function RealtorCard({ realtor, brand }: { realtor: HomeownerRealtor | null; brand: HomeownerBrand }) {
  const photo = useHomeownerImage('/homeowner/realtor/photo', Boolean(realtor?.hasPhoto));
  const phone = realtor?.phone ?? brand.contactPhone;
  const email = realtor?.email ?? brand.contactEmail;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} style={{ borderTop: `4px solid ${brand.colour}` }}>
      <Stack gap="sm">
        <CardTitle>Your realtor</CardTitle>
        <Group gap="md" wrap="nowrap">
          <Avatar
            src={photo.data ?? null}
            alt={realtor ? `Photo of ${realtor.name}` : ''}
            size={64}
            radius="xl"
            color="blue"
          >
            {realtor ? initialsOf(realtor.name) : '?'}
          </Avatar>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600}>{realtor?.name ?? brand.siteName}</Text>
            <Text size="sm" c="gray.7">
              {brand.siteName}
            </Text>
          </Stack>
        </Group>
        {phone ? (
          <Group gap={8} wrap="nowrap">
            <IconPhone size={18} aria-hidden />
            <Anchor href={`tel:${phone.replace(/[^\d+]/g, '')}`} size="sm">
              {formatPhone(phone)}
            </Anchor>
          </Group>
        ) : null}
        {email ? (
          <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
            <IconMail size={18} aria-hidden />
            <Anchor href={`mailto:${email}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {email}
            </Anchor>
          </Group>
        ) : null}
        <Text size="sm" c="gray.7">
          Questions about your home or your reminders? Your realtor is happy to help.
        </Text>
      </Stack>
    </Paper>
  );
}
