import { Link, Outlet } from 'react-router';
import { Box, Button, Center, Container, Group, Paper, Stack } from '@mantine/core';
import { Brand } from '../../components/brand';
import { FooterLinks } from '../../components/footer-links';
import { isAuthenticated, useSession } from '../../lib/session-store';

// The signed-in layouts are in portal-layouts.tsx: a page without a session never loads them.

/** About, FAQ and the legal pages: readable by anyone, signed in or not. */
export function PublicLayout() {
  const signedIn = useSession((state) => isAuthenticated(state));
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box component="header" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="md">
          <Group justify="space-between">
            <Box
              component={Link}
              to={signedIn ? '/' : '/about'}
              style={{ textDecoration: 'none' }}
              aria-label="HomeMinder"
            >
              <Brand />
            </Box>
            <Button component={Link} to={signedIn ? '/' : '/login'} variant="light">
              {signedIn ? 'Back to the portal' : 'Sign in'}
            </Button>
          </Group>
        </Container>
      </Box>
      <Box component="main" style={{ flex: 1 }}>
        <Outlet />
      </Box>
      <Box component="footer" py="lg">
        <FooterLinks />
      </Box>
    </Box>
  );
}

/** Sign-in and the other account screens: one card in the middle of the page. */
export function LoginLayout() {
  return (
    <Box mih="100vh" bg="gray.0" style={{ display: 'flex', flexDirection: 'column' }}>
      <Center component="main" style={{ flex: 1 }} p="md">
        <Stack w="100%" maw={440} gap="lg" align="stretch">
          <Center>
            <Brand size="xl" />
          </Center>
          <Paper withBorder shadow="sm" p="xl" radius="md">
            <Outlet />
          </Paper>
        </Stack>
      </Center>
      <Box component="footer" py="lg">
        <FooterLinks />
      </Box>
    </Box>
  );
}

/** Loading, errors, sign-out and the 404 page: no navigation that could fail again. */
export function BareLayout() {
  return (
    <Box component="main" mih="100vh" bg="gray.0">
      <Outlet />
    </Box>
  );
}
