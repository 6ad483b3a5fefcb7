import '../../styles/mantine-forms.css';
import { Box, Drawer, Stack } from '@mantine/core';
import { HeaderSearch } from './header-search.tsx';
import { type NavItem, NavLinks } from './nav-links.tsx';

interface MenuDrawerProps {
  opened: boolean;
  onClose: () => void;
  items: NavItem[];
}

/** The phone menu: the search box and the header's links in a drawer from the right. */
export default function MenuDrawer({ opened, onClose, items }: MenuDrawerProps) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title="Menu"
      position="right"
      size="xs"
      hiddenFrom="md"
      // Mantine's close button is an icon alone; without a name screen readers announce just "button".
      closeButtonProps={{ 'aria-label': 'Close menu' }}
    >
      <Box mb="md">
        <HeaderSearch id="drawer-search" />
      </Box>
      <Stack component="nav" aria-label="Mobile" gap={4}>
        <NavLinks items={items} onNavigate={onClose} />
      </Stack>
    </Drawer>
  );
}
