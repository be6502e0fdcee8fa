import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { brandedTitle } from '@homeminder/shared/brand';
import { Box, Stack, Title } from '@mantine/core';
import { FooterLinks } from '../../components/footer-links';
import { UnsavedChangesGuard } from '../../components/form/unsaved-changes-guard';
import { ControlsAfterHydration } from '../../components/controls-after-hydration';
import { useHomeownerOverview } from '../../features/homeowner/api';
import { HomeownerHeader } from '../../features/homeowner/homeowner-header';
import { useRouteMeta } from './root-layout';
import { SessionEndedWatcher } from './session-ended-watcher';
import skipLinkClasses from './skip-link.module.css';
import { SkipLink } from './skip-link';

/**
 * The homeowner's frame (docs/decisions/062): their realtor's corporation on top, their pages, no
 * staff navigation. A session that ends on its own goes to Login, as in the staff's frame.
 */
export default function HomeownerLayout() {
  const meta = useRouteMeta();
  // The tab says the corporation's name as the header and its emails do, once it is known.
  const brand = useHomeownerOverview().data?.brand.siteName;
  useEffect(() => {
    if (brand) document.title = brandedTitle(meta?.title, brand);
  }, [brand, meta?.title]);
  return (
    <Box mih="100vh" bg="gray.0" style={{ display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <HomeownerHeader />
      <Box
        component="main"
        id="main-content"
        tabIndex={-1}
        className={skipLinkClasses.mainTarget}
        style={{ flex: 1 }}
        px="md"
        py="lg"
      >
        <Stack gap="lg" maw={1200} mx="auto">
          <Title order={1} size="h2">
            {meta?.title}
          </Title>
          <ControlsAfterHydration>
            <Outlet />
          </ControlsAfterHydration>
        </Stack>
      </Box>
      <Box component="footer" py="lg">
        <FooterLinks />
      </Box>
      <UnsavedChangesGuard />
      <SessionEndedWatcher />
    </Box>
  );
}
