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
  // A reader whose system asks for reduced motion gets dialogs, menus and toasts without animation.
  respectReducedMotion: true,
  // Inter is served from the build (@fontsource-variable/inter, imported in main.tsx).
  fontFamily: '"Inter Variable", system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  breakpoints: { xs: '36em', sm: '48em', md: '62em', lg: '75em', xl: '88em' },
  components: {
    Notification: { defaultProps: { radius: 'md' } },
  },
});

/**
 * The text of light-variant alerts and badges in the light skin: Mantine uses shade 6, which on
 * its own 10 % tint is 1.8–3.2:1 (the red error alert's title is 2.9:1). Shade 9 passes WCAG AA
 * (4.5:1) for blue and cyan; red, orange, yellow, green, lime and teal need a darker tone still
 * (shade 9 darkened until it is at least 4.5:1 on the tint over a hovered table row, #f1f3f5:
 * a failed receipt's red badge was 4.4:1 there). The dark skin's shade 3 already passes.
 */
const LIGHT_VARIANT_TEXT: Record<string, string> = {
  red: '#b02525',
  blue: 'var(--mantine-color-blue-9)',
  cyan: 'var(--mantine-color-cyan-9)',
  teal: '#066b4c',
  green: '#257535',
  lime: '#4a760a',
  orange: '#b83d0d',
  yellow: '#a15300',
};

/**
 * Mantine's own dimmed text, error text and light-variant colours fall short of WCAG AA contrast
 * (gray-6 and red-6 on white are about 3.3:1); these keep secondary text, field messages and
 * tinted badges and alerts readable in both skins.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    ...Object.fromEntries(
      Object.entries(LIGHT_VARIANT_TEXT).map(([color, value]) => [`--mantine-color-${color}-light-color`, value]),
    ),
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    // Red text (`c="red"`) is red-8 by default: 4.6:1 on white but under 4.5:1 on a striped or
    // hovered table row (a receipt without an e-mail address showed it).
    '--mantine-color-red-text': 'var(--mantine-color-red-9)',
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
