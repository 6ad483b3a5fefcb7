import { Burger } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useHeaderScroll } from '../../lib/use-header-scroll.ts';
import { HeaderSearch } from './header-search.tsx';
import { Logo } from './logo.tsx';
import { NavLinks, useNavItems } from './nav-links.tsx';
import classes from './site-header.module.css';

// The drawer (and the modal code under it) loads when the phone menu first opens.
const MenuDrawer = lazy(() => import('./menu-drawer.tsx'));

/**
 * The header of every page: the logo, the product search and the main links on wide
 * screens, the menu button on phones. Its frame is plain elements with its own styles (the
 * breakpoint is Mantine's md), so that hydrating it costs little.
 */
export function SiteHeader() {
  const headerRef = useRef<HTMLElement>(null);
  useHeaderScroll(headerRef);
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
      {/* Holds the header's place whether it is fixed or not, so that the page never moves when it changes. */}
      <div className={classes.slot}>
        <header ref={headerRef} className={classes.header} data-follows-scroll data-testid="site-header">
          <div className={classes.inner}>
            <Link to="/" aria-label="School Planner Savings home" className={classes.brand}>
              <Logo />
            </Link>
            <div className={classes.search}>
              <HeaderSearch id="header-search" />
            </div>
            <nav aria-label="Main" className={classes.nav}>
              <NavLinks items={items} />
            </nav>
            <Burger
              opened={menuOpen}
              onClick={toggleMenu}
              aria-label="Open menu"
              size="sm"
              className={classes.burger}
            />
          </div>
        </header>
      </div>
      {menuUsed && (
        <Suspense fallback={null}>
          <MenuDrawer opened={menuOpen} onClose={menu.close} items={items} />
        </Suspense>
      )}
    </>
  );
}
