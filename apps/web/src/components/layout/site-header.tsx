import { Anchor, Box, Burger, Container, Drawer, Group, Stack, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { USER_TYPE } from '@portal/contracts/constants';
import { ROUTES } from '@portal/contracts/routes';
import { useEffect } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useSession } from '../../lib/browser-session.ts';
import { useSettings } from '../../lib/content.ts';
import { useHeaderScroll } from '../../lib/use-header-scroll.ts';
import { HeaderSearch } from './header-search.tsx';
import { Logo } from './logo.tsx';
import classes from './site-header.module.css';

interface NavItem {
  label: string;
  to: string;
  external?: boolean;
}

function useNavItems(): NavItem[] {
  const settings = useSettings();
  const session = useSession();
  const items: NavItem[] = [
    { label: 'Home', to: ROUTES.home.path },
    { label: 'About', to: ROUTES.about.path },
    { label: 'Contact', to: ROUTES.contact.path },
  ];
  if (settings?.fundraising_url) {
    items.push({
      label: settings.fundraising_label || 'School Fundraising',
      to: settings.fundraising_url,
      external: true,
    });
  }
  if (session.signedIn && session.usertype === USER_TYPE.school) {
    items.push({ label: 'Dashboard', to: ROUTES.schoolDashboard.path });
  } else if (session.signedIn && session.usertype === USER_TYPE.sponsor) {
    items.push({ label: 'Dashboard', to: ROUTES.sponsorDashboard.path });
  }
  return items;
}

function NavLinks({ items, onNavigate }: { items: NavItem[]; onNavigate?: () => void }) {
  return items.map((item) =>
    item.external ? (
      <Anchor
        key={item.label}
        href={item.to}
        target="_blank"
        rel="noopener noreferrer"
        className={classes.link}
        onClick={onNavigate}
      >
        {item.label}
      </Anchor>
    ) : (
      <NavLink key={item.label} to={item.to} end className={classes.link} onClick={onNavigate}>
        {item.label}
      </NavLink>
    ),
  );
}

export function SiteHeader() {
  const { fixed, hidden } = useHeaderScroll();
  const [menuOpen, menu] = useDisclosure(false);
  const items = useNavItems();
  const location = useLocation();

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
          <Burger opened={menuOpen} onClick={menu.toggle} hiddenFrom="md" aria-label="Open menu" size="sm" />
        </Container>
      </Box>
      <Drawer opened={menuOpen} onClose={menu.close} title="Menu" position="right" size="xs" hiddenFrom="md">
        <Box mb="md">
          <HeaderSearch id="drawer-search" />
        </Box>
        <Stack component="nav" aria-label="Mobile" gap={4}>
          <NavLinks items={items} onNavigate={menu.close} />
        </Stack>
      </Drawer>
    </>
  );
}
