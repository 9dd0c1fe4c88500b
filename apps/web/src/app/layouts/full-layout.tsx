import { Box, Container } from '@mantine/core';
import { Outlet } from 'react-router';
import { PublicFooter } from './public-footer';
import { PublicHeader } from './public-header';
import { SkipLink } from './skip-link';

/** Public pages with the content in a centred column (docs/web-app.md#layouts): auth, info and error pages. */
export default function FullLayout() {
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <PublicHeader />
      <Container
        component="main"
        id="main-content"
        tabIndex={-1}
        size="lg"
        w="100%"
        py={{ base: 'lg', sm: 'xl' }}
        style={{ flex: 1, outline: 'none' }}
      >
        <Outlet />
      </Container>
      <PublicFooter />
    </Box>
  );
}
