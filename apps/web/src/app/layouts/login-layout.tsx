import { Outlet } from 'react-router';
import { Box, Center, Flex, Paper, Stack } from '@mantine/core';
import { Brand } from '../../components/brand';
import { FooterLinks } from '../../components/footer-links';

/**
 * Sign-in and the other account screens: one card across the top of the page. Not centred
 * vertically: the page paints while its HTML still streams in, and a centred card would move as
 * the rest arrives.
 */
export default function LoginLayout() {
  return (
    <Box mih="100vh" bg="gray.0" style={{ display: 'flex', flexDirection: 'column' }}>
      <Flex component="main" justify="center" align="flex-start" style={{ flex: 1 }} p="md" pt="xl">
        <Stack w="100%" maw={440} gap="lg" align="stretch">
          <Center>
            <Brand size="xl" />
          </Center>
          <Paper withBorder shadow="sm" p="xl" radius="md">
            <Outlet />
          </Paper>
        </Stack>
      </Flex>
      <Box component="footer" py="lg">
        <FooterLinks />
      </Box>
    </Box>
  );
}
