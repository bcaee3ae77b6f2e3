import { createTheme, TextInput, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'violet',
  // Shade 7 keeps white text on primary buttons and primary links on white above 4.5:1.
  primaryShade: { light: 7, dark: 4 },
  defaultRadius: 'md',
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '750' },
  focusRing: 'auto',
  cursorType: 'pointer',
  components: {
    // Required fields keep their `required` semantics, but no asterisk: it would become part of the label's
    // text ("Email *"), and the spec's field names are exact.
    TextInput: TextInput.extend({ defaultProps: { withAsterisk: false } }),
    // A modal's title bar is a <header>; inside the dialog's <section role="dialog"> some tools (Playwright among
    // them) count it as a second banner landmark. A div keeps the page to the one banner, the app's header.
    ModalHeader: { defaultProps: { component: 'div' } },
  },
});

/** Mantine's default dimmed (gray 6) and error (red 6) texts are below 4.5:1 on white: darker shades here. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
  },
  dark: {},
});
