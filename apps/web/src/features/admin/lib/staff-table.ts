/** How every staff table looks: bordered, striped rows that light up under the pointer, never collapsing while it loads. */
export const STAFF_TABLE = {
  withTableBorder: true,
  borderRadius: 'md',
  striped: true,
  highlightOnHover: true,
  minHeight: 180,
} as const;
