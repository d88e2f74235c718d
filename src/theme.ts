// Mantine theme: the product's blue, with shades and a dimmed colour chosen for WCAG AA contrast in light and dark.
import { type CSSVariablesResolver, createTheme } from '@mantine/core';
import { site } from './i18n/en/site';
import { texts } from './i18n/store';

export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 6 on white is 3.6:1; shade 8 keeps white button text and links above 4.5:1.
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  cursorType: 'pointer',
  // Modals and toasts appear without animation for people who ask their system for less motion.
  respectReducedMotion: true,
  components: {
    // A plain object, not Modal.extend(): importing Modal here would put it in every page's bundle.
    Modal: {
      defaultProps: {
        // Mantine's ✕ button has no text; axe (button-name) needs a name for it. A getter, read
        // each time a dialog renders, so the name follows the active language.
        closeButtonProps: {
          get 'aria-label'() {
            return texts('site', site).closeDialog;
          },
        },
        // The dialog's <header> would be a second banner landmark next to the app's top bar.
        attributes: { header: { role: 'none' } },
      },
    },
  },
});

/** Mantine's default dimmed grey is 3.3:1 on white; these stay above 4.5:1 on both backgrounds. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-anchor': 'var(--mantine-color-blue-8)',
    // Text of 'light' buttons (Edit, Delete) on their tinted background: shade 6 is under 4.5:1.
    '--mantine-color-blue-light-color': 'var(--mantine-color-blue-9)',
    '--mantine-color-red-light-color': 'var(--mantine-color-red-9)',
    // Field error messages (and error borders): red 6 is 3.2:1 on white.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-anchor': 'var(--mantine-color-blue-3)',
    '--mantine-color-error': 'var(--mantine-color-red-5)',
  },
});
