import { type CSSVariablesResolver, createTheme } from '@mantine/core';
import { brand } from './brand';

export const theme = createTheme({
  primaryColor: brand.color,
  colors: { [brand.color]: brand.palette },
  // Shade 8 is the lightest of both palettes on which white text passes WCAG AA (4.5:1).
  primaryShade: { light: 8, dark: 8 },
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

/**
 * Mantine's own dimmed text, error text and light-variant colours fall short of WCAG AA contrast
 * (gray-6 and red-6 on white are about 3.3:1); these keep secondary text, field messages and
 * tinted badges readable in both skins.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    [`--mantine-color-${brand.color}-light-color`]: `var(--mantine-color-${brand.color}-9)`,
    '--mantine-primary-color-light-color': `var(--mantine-color-${brand.color}-9)`,
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    [`--mantine-color-${brand.color}-light-color`]: `var(--mantine-color-${brand.color}-2)`,
    '--mantine-primary-color-light-color': `var(--mantine-color-${brand.color}-2)`,
    '--mantine-color-anchor': `var(--mantine-color-${brand.color}-3)`,
  },
});
