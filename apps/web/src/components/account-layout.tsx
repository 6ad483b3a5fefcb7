import { Container, NavLink, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import type { ComponentType, ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useLogout } from '../lib/use-logout.ts';
import classes from './account-layout.module.css';

export interface SidebarLink {
  label: string;
  to: string;
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
}

/** The school and sponsor sidebar (spec §2): its links, then Logout. */
function AccountSidebar({ links, heading }: { links: SidebarLink[]; heading?: ReactNode }) {
  const { pathname } = useLocation();
  const logout = useLogout();
  return (
    <Paper withBorder radius="lg" p="xs" className={classes.sidebar} component="nav" aria-label="Account">
      {heading && (
        <Text size="sm" fw={700} px="sm" pt="xs" lineClamp={2} className={classes.heading}>
          {heading}
        </Text>
      )}
      {links.map(({ label, to, icon: Icon }) => (
        <NavLink
          key={to}
          component={Link}
          to={to}
          label={label}
          active={pathname === to}
          aria-current={pathname === to ? 'page' : undefined}
          leftSection={<Icon size={18} aria-hidden />}
          className={classes.link}
        />
      ))}
      <NavLink
        component="button"
        type="button"
        label="Logout"
        onClick={logout}
        leftSection={<IconLogout size={18} aria-hidden />}
        className={classes.link}
        c="red.8"
      />
    </Paper>
  );
}

/** A signed-in page with the account sidebar beside it (below the title on phones). */
export function AccountLayout({
  title,
  description,
  links,
  sidebarHeading,
  children,
}: {
  title: string;
  description?: string;
  links: SidebarLink[];
  sidebarHeading?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Container size="lg" py={{ base: 'lg', sm: 40 }}>
      <div className={classes.layout}>
        <AccountSidebar links={links} heading={sidebarHeading} />
        <Stack gap="lg" style={{ minWidth: 0 }}>
          <div>
            <Title order={1}>{title}</Title>
            {description && (
              <Text c="gray.7" mt={4}>
                {description}
              </Text>
            )}
          </div>
          {children}
        </Stack>
      </div>
    </Container>
  );
}
