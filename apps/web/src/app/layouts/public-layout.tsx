import '@mantine/core/styles/Container.css';
import { Link, Outlet } from 'react-router';
import { Box, Button, Container, Group } from '@mantine/core';
import { Brand } from '../../components/brand';
import { FooterLinks } from '../../components/footer-links';
import { isAuthenticated, useSession } from '../../lib/session-store';

/** About, FAQ and the legal pages: readable by anyone, signed in or not. */
export default function PublicLayout() {
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
