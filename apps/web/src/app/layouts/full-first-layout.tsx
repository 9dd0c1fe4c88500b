import { Box } from '@mantine/core';
import { Outlet } from 'react-router';
import { PublicFooter } from './public-footer';
import { PublicHeader } from './public-header';
import { SkipLink } from './skip-link';

/** The landing page's layout (docs/web-app.md#layouts): full-bleed sections under the header. */
export default function FullFirstLayout() {
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <PublicHeader />
      <Box component="main" id="main-content" tabIndex={-1} style={{ flex: 1, outline: 'none' }}>
        <Outlet />
      </Box>
      <PublicFooter />
    </Box>
  );
}
