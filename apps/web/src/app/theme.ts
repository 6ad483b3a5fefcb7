import { createTheme } from '@mantine/core';
import field from './field.module.css';

export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '800' },
  defaultRadius: 'md',
  // Modals, menus and toasts appear without moving for whoever asked their system for less motion.
  respectReducedMotion: true,
  colors: {},
  components: {
    InputWrapper: { classNames: { root: field.field, error: field.error } },
  },
});
