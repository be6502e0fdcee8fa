import { Link, useLocation } from 'react-router';
import { Box, Button, Group, Text, useMatches } from '@mantine/core';
import { IconHome, IconLogout, IconSettings } from '@tabler/icons-react';
import { useHomeownerImage, useHomeownerOverview } from './api';

const links = [
  { to: '/my-home', label: 'My home', icon: IconHome },
  { to: '/my-home/preferences', label: 'Preferences', icon: IconSettings },
] as const;

/**
 * The homeowner's header: their realtor's corporation as its emails show it (its site name, logo and
 * colour, decision 057), their two pages and signing out. On a phone the labels stay, in a row of
 * their own under the corporation.
 */
export function HomeownerHeader() {
  const overview = useHomeownerOverview();
  const brand = overview.data?.brand;
  const logo = useHomeownerImage('/homeowner/brand/logo', Boolean(brand?.hasLogo));
  const { pathname } = useLocation();
  const current = pathname.toLowerCase().replace(/\/+$/, '');
  // Smaller buttons on a phone, so the three fit a 390 px screen beside each other.
  const size = useMatches({ base: 'compact-sm', sm: 'compact-md' });
  return (
    <Box
      component="header"
      style={{
        borderTop: `6px solid ${brand?.colour ?? 'var(--mantine-color-blue-7)'}`,
        borderBottom: '1px solid var(--mantine-color-gray-3)',
      }}
      bg="white"
    >
      <Group justify="space-between" px="md" py="sm" gap="sm" maw={1200} mx="auto">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          {logo.data ? (
            <img src={logo.data} alt="" style={{ maxHeight: 40, maxWidth: 120, objectFit: 'contain' }} />
          ) : null}
          <Text fw={700} size="lg" c="dark.8" truncate>
            {brand?.siteName ?? ''}
          </Text>
        </Group>
        <Group component="nav" aria-label="Your pages" gap={4}>
          {links.map((link) => {
            const active =
              current.endsWith(link.to.toLowerCase()) &&
              (link.to !== '/my-home' || !current.endsWith('/preferences'));
            return (
              <Button
                key={link.to}
                component={Link}
                to={link.to}
                variant={active ? 'filled' : 'subtle'}
                size={size}
                aria-current={active ? 'page' : undefined}
                leftSection={<link.icon size={18} aria-hidden />}
              >
                {link.label}
              </Button>
            );
          })}
          <Button
            component={Link}
            to="/logout"
            variant="subtle"
            color="dark"
            size={size}
            leftSection={<IconLogout size={18} aria-hidden />}
          >
            Sign out
          </Button>
        </Group>
      </Group>
    </Box>
  );
}
