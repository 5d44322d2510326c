import { createTheme, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'teal',
  // Shade 9 keeps white button text and teal link text above the WCAG AA 4.5:1 contrast ratio.
  primaryShade: 9,
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  // Bundled in main.tsx, so headings look the same on every platform, Linux included.
  headings: { fontFamily: '"Source Serif 4 Variable", Georgia, serif', fontWeight: '700' },
  // Mantine's close buttons are bare icons: every dialog's gets a name for screen readers.
  components: {
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
  },
});

/** A darker teal than shade 9 for a filled button under the pointer: white on it is 6.4:1. */
const FILLED_HOVER = '#066c4d';

/** Filled orange (a listing's Reserved badge): Mantine's darkest, shade 9, is 4.3:1 under white; this is 5.2:1. */
export const FILLED_ORANGE = '#c2410c';

/**
 * Mantine's default dimmed grey is too light for AA contrast on white; one shade darker passes.
 * Teal text on the light teal background (a success alert's title) is 4.3:1; one shade lighter
 * behind it makes 4.7:1. A filled button's hover is Mantine's next shade, lighter past shade 9
 * (white on it 3.9:1), so it goes darker instead. Filled orange is darker than any orange shade.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-teal-light': 'var(--mantine-color-teal-0)',
    '--mantine-primary-color-filled-hover': FILLED_HOVER,
    '--mantine-color-teal-filled-hover': FILLED_HOVER,
    '--mantine-color-orange-filled': FILLED_ORANGE,
  },
  dark: {},
});
