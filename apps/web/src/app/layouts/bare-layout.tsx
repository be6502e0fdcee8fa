import { Outlet } from 'react-router';
import { Box } from '@mantine/core';

/** Loading, errors, sign-out and the 404 page: no navigation that could fail again. */
export default function BareLayout() {
  return (
    <Box component="main" mih="100vh" bg="gray.0">
      <Outlet />
    </Box>
  );
}
