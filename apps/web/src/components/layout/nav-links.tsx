import { Anchor } from '@mantine/core';
import { ROUTES } from '@portal/contracts/routes';
import { NavLink } from 'react-router';
import { useSession } from '../../lib/browser-session.ts';
import { useSettings } from '../../lib/content.ts';
import { dashboardPath } from '../../lib/dashboard-path.ts';
import classes from './site-header.module.css';

export interface NavItem {
  label: string;
  to: string;
  external?: boolean;
}

export function useNavItems(): NavItem[] {
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
  const dashboard = dashboardPath(session);
  if (dashboard) items.push({ label: 'Dashboard', to: dashboard });
  return items;
}

export function NavLinks({ items, onNavigate }: { items: NavItem[]; onNavigate?: () => void }) {
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
