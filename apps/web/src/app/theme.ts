import { createTheme } from '@mantine/core';
import { brand } from './brand';

export const theme = createTheme({
  primaryColor: brand.color,
  colors: { [brand.color]: brand.palette },
  primaryShade: { light: 7, dark: 6 },
  defaultRadius: 'md',
  // Keyboard users always see where focus is; mouse clicks do not leave rings behind.
  focusRing: 'auto',
  cursorType: 'pointer',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  breakpoints: { xs: '36em', sm: '48em', md: '62em', lg: '75em', xl: '88em' },
  components: {
    Notification: { defaultProps: { radius: 'md' } },
  },
});
