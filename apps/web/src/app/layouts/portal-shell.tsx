import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/NavLink.css';
import { Link, Outlet, useLocation } from 'react-router';
import {
  Alert,
  AppShell,
  Avatar,
  Badge,
  Box,
  Burger,
  Button,
  Divider,
  Drawer,
  Group,
  NavLink,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconLogout, IconUserCircle, IconUserShare } from '@tabler/icons-react';
import { Brand } from '../../components/brand';
import { NotificationBell } from '../../features/notifications/notification-bell';
import { FooterLinks } from '../../components/footer-links';
import { HeaderPopover } from '../../components/header-popover';
import { confirmDiscard } from '../../components/form/unsaved-changes';
import { UnsavedChangesGuard } from '../../components/form/unsaved-changes-guard';
import { ControlsAfterHydration } from '../../components/controls-after-hydration';
import { useSession } from '../../lib/session-store';
import { currentNavItem, visibleNavigation } from '../navigation';
import { useRouteMeta } from './root-layout';
import skipLinkClasses from './skip-link.module.css';
import { SkipLink } from './skip-link';
import { SessionEndedWatcher } from './session-ended-watcher';

function initialsOf(name: string | null): string {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  return parts.length === 0
    ? '?'
    : parts
        .slice(0, 2)
        .map((part) => part[0]!.toUpperCase())
        .join('');
}

function UserMenu() {
  const username = useSession((state) => state.username);
  const email = useSession((state) => state.identity?.email ?? null);
  const image = useSession((state) => state.userProfileImage);
  return (
    <HeaderPopover
      width={240}
      target={(props) => (
        <UnstyledButton {...props} aria-label={`Account menu for ${username ?? 'you'}`}>
          <Group gap={8} wrap="nowrap">
            <Avatar src={image} alt="" radius="xl" size={34} color="blue">
              {initialsOf(username)}
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="sm" maw={180} truncate>
              {username}
            </Text>
            <IconChevronDown size={16} aria-hidden />
          </Group>
        </UnstyledButton>
      )}
    >
      <nav aria-label="Your account">
        <Box px="sm" py={6}>
          <Text size="sm" fw={600} c="dark" truncate>
            {username}
          </Text>
          <Text size="xs" c="gray.7" truncate>
            {email}
          </Text>
        </Box>
        <NavLink
          component={Link}
          to="/userSettings"
          label="My account"
          leftSection={<IconUserCircle size={18} aria-hidden />}
        />
        <Divider my={4} />
        <NavLink
          component={Link}
          to="/logout"
          label="Sign out"
          leftSection={<IconLogout size={18} aria-hidden />}
        />
      </nav>
    </HeaderPopover>
  );
}

function ImpersonationBanner() {
  const impersonating = useSession(
    (state) => Boolean(state.impersonatedToken) || Boolean(state.identity?.impersonatedBy),
  );
  const username = useSession((state) => state.username);
  if (!impersonating) return null;
  return (
    // Dark text on a pale orange band: white on orange stays below the 4.5:1 contrast of WCAG AA.
    <Alert
      color="orange"
      variant="light"
      radius={0}
      py={6}
      style={{ borderLeft: '4px solid var(--mantine-color-orange-7)' }}
      icon={<IconUserShare size={18} aria-hidden />}
    >
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600} c="dark.9">
          You are acting as {username}
        </Text>
        <Button component={Link} to="/revert" size="compact-sm" variant="default">
          Stop acting
        </Button>
      </Group>
    </Alert>
  );
}

function FlyoutPanel() {
  const flyout = useSession((state) => state.flyout);
  const close = useSession((state) => state.closeFlyout);
  const Component = flyout?.component as React.ComponentType<object> | undefined;
  return (
    <Drawer
      opened={Boolean(flyout)}
      onClose={() => confirmDiscard(close)}
      position="right"
      size="lg"
      title={flyout?.title}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {Component && flyout ? <Component {...flyout.props} /> : null}
    </Drawer>
  );
}

// One array for "no identity": a selector returning a new one on every call would never settle
// (React's "maximum update depth"), which crashed the page as soon as a session ended on it.
const noPrivileges: readonly string[] = [];

/** The signed-in frame: header, side navigation by privilege, the page, the flyout panel. */
export function PortalShell({ area }: { area?: string }) {
  const [navOpened, { toggle, close }] = useDisclosure(false);
  const privileges = useSession((state) => state.identity?.privileges ?? noPrivileges);
  const tenantName = useSession((state) => state.identity?.tenantName ?? null);
  const meta = useRouteMeta();
  const location = useLocation();
  const sections = visibleNavigation(privileges);
  const current = currentNavItem(location.pathname, sections);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 250, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding="lg"
    >
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={navOpened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Open the navigation"
            />
            <Box component={Link} to="/" aria-label="HomeMinder home" style={{ textDecoration: 'none' }}>
              <Brand />
            </Box>
            {tenantName ? (
              <Badge variant="light" size="lg" visibleFrom="md" maw={260}>
                {tenantName}
              </Badge>
            ) : null}
          </Group>
          <Group gap="xs" wrap="nowrap">
            <NotificationBell />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label="Main navigation" style={{ overflowY: 'auto' }}>
        <Stack gap="md">
          {sections.map((section) => (
            <Box key={section.label}>
              <Text size="xs" fw={700} c="gray.7" tt="uppercase" px="sm" mb={4}>
                {section.label}
              </Text>
              {section.items.map((item) => (
                <NavLink
                  key={item.to}
                  component={Link}
                  to={item.to}
                  // One current page, for sight and for screen readers alike.
                  aria-current={item.to === current ? 'page' : undefined}
                  label={item.label}
                  leftSection={<item.icon size={18} aria-hidden />}
                  onClick={close}
                  active={item.to === current}
                />
              ))}
            </Box>
          ))}
        </Stack>
      </AppShell.Navbar>

      <AppShell.Main id="main-content" tabIndex={-1} className={skipLinkClasses.mainTarget}>
        <ImpersonationBanner />
        <Stack gap="lg" maw={1280} mx="auto" pb="xl">
          <Box>
            {area ? (
              <Text size="sm" c="gray.7" fw={500}>
                {area}
              </Text>
            ) : null}
            <Title order={1} size="h2">
              {meta?.title}
            </Title>
          </Box>
          <ControlsAfterHydration>
            <Outlet />
          </ControlsAfterHydration>
          <Box pt="xl">
            <FooterLinks />
          </Box>
        </Stack>
      </AppShell.Main>
      <FlyoutPanel />
      <UnsavedChangesGuard />
      <SessionEndedWatcher />
    </AppShell>
  );
}
