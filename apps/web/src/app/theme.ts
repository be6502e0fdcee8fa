import {
  createTheme,
  type AnchorProps,
  type ColorInputProps,
  type CSSVariablesResolver,
  type MenuProps,
  type ModalProps,
  type NotificationProps,
  type MantineThemeComponent,
} from '@mantine/core';

/** Default props of a component, without importing it: `Modal.extend` would load the Modal's code. */
const defaultsOf = <Props>(defaultProps: Partial<Props>): MantineThemeComponent => ({ defaultProps });

export const theme = createTheme({
  primaryColor: 'blue',
  // Darker shades keep text on primary buttons and links at readable contrast (WCAG AA).
  primaryShade: { light: 8, dark: 6 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  components: {
    // Icon-only close buttons need a name for screen readers (axe: button-name).
    Modal: defaultsOf<ModalProps>({ closeButtonProps: { 'aria-label': 'Close' } }),
    // The colour picker's eye-dropper is an icon-only button as well.
    ColorInput: defaultsOf<ColorInputProps>({
      eyeDropperButtonProps: { 'aria-label': 'Pick a colour from the screen' },
    }),
    // A link inside text must not be told apart by its colour alone (axe: link-in-text-block).
    Anchor: defaultsOf<AnchorProps>({ underline: 'always' }),
    // The focus placeholder is a role="presentation" element, not allowed inside role="menu"
    // (axe: aria-required-children); focus goes to the first item instead.
    Menu: defaultsOf<MenuProps>({ withInitialFocusPlaceholder: false }),
    Notification: {
      ...defaultsOf<NotificationProps>({ closeButtonProps: { 'aria-label': 'Dismiss' } }),
      // Under a title Mantine greys the message with gray.6, 3.3:1 on white; gray.7 reads at AA.
      styles: { description: { color: 'var(--mantine-color-gray-7)' } },
    },
    // A visually hidden column header is placed absolutely: the scroll box must hold it, or the
    // whole page scrolls sideways on a phone instead of only the table.
    TableScrollContainer: { styles: { scrollContainer: { position: 'relative' } } },
  },
});

/**
 * Mantine's light-scheme error red (red.6) and dimmed grey (gray.6) are below 4.5:1 on white;
 * these shades meet WCAG AA for field errors, menu labels and other small text. The text of
 * light badges and alerts in the warm and green colours (a warning, a "Sent" mail) is darkened
 * the same way: even their darkest palette shade is too pale on their tinted background.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-yellow-light-color': '#8a4b00',
    '--mantine-color-orange-light-color': '#a33a06',
    '--mantine-color-green-light-color': '#1f6b31',
    '--mantine-color-lime-light-color': '#3f6212',
    '--mantine-color-teal-light-color': '#066649',
  },
  dark: {},
});
