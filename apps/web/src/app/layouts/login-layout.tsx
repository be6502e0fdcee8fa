import { Outlet } from 'react-router';
import { Box, Center, Paper, Stack } from '@mantine/core';
import { Brand } from '../../components/brand';
import { FooterLinks } from '../../components/footer-links';

/** Sign-in and the other account screens: one card in the middle of the page. */
export default function LoginLayout() {
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
