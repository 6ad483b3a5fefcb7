import { Box, Burger, Container, Group, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useHeaderScroll } from '../../lib/use-header-scroll.ts';
import { HeaderSearch } from './header-search.tsx';
import { Logo } from './logo.tsx';
import { NavLinks, useNavItems } from './nav-links.tsx';
import classes from './site-header.module.css';

// The drawer (and the modal code under it) loads when the phone menu first opens.
const MenuDrawer = lazy(() => import('./menu-drawer.tsx'));

export function SiteHeader() {
  const { fixed, hidden } = useHeaderScroll();
  const [menuOpen, menu] = useDisclosure(false);
  const items = useNavItems();
  const location = useLocation();
  const [menuUsed, setMenuUsed] = useState(false);
  const toggleMenu = () => {
    setMenuUsed(true);
    menu.toggle();
  };

  // A page change closes the phone menu (a new search too, on the same results page).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation by design
  useEffect(() => menu.close(), [location.pathname, location.search]);

  return (
    <>
      {/* Holds the header's place while it is fixed, so the page does not jump. */}
      {fixed && <div className={classes.spacer} aria-hidden />}
      <Box
        component="header"
        className={classes.header}
        data-fixed={fixed || undefined}
        data-hidden={hidden || undefined}
        data-testid="site-header"
      >
        <Container size="lg" className={classes.inner}>
          <UnstyledButton component={Link} to="/" aria-label="School Planner Savings home" className={classes.brand}>
            <Logo />
          </UnstyledButton>
          <Box className={classes.search} visibleFrom="md">
            <HeaderSearch id="header-search" />
          </Box>
          <Group component="nav" aria-label="Main" gap={4} visibleFrom="md" wrap="nowrap">
            <NavLinks items={items} />
          </Group>
          <Burger opened={menuOpen} onClick={toggleMenu} hiddenFrom="md" aria-label="Open menu" size="sm" />
        </Container>
      </Box>
      {menuUsed && (
        <Suspense fallback={null}>
          <MenuDrawer opened={menuOpen} onClose={menu.close} items={items} />
        </Suspense>
      )}
    </>
  );
}
