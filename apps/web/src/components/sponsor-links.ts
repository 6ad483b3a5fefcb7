import { ROUTES } from '@portal/contracts/routes';
import {
  IconHeartHandshake,
  IconHelpCircle,
  IconMessageCircle,
  IconMessageQuestion,
  IconPackage,
  IconUserCircle,
} from '@tabler/icons-react';
import type { DashboardTile } from './dashboard-tiles.tsx';

/** The sponsor's places (spec §2), shared by its dashboard tiles and its sidebar. */
export const SPONSOR_PLACES: DashboardTile[] = [
  { title: 'Products', description: 'School sponsorship opportunities', to: ROUTES.products.path, icon: IconPackage },
  {
    title: 'Sponsorships',
    description: 'Manage existing sponsorships',
    to: ROUTES.sponsorships.path,
    icon: IconHeartHandshake,
  },
  {
    title: 'Profile',
    description: 'Manage your profile details',
    to: ROUTES.sponsorProfile.path,
    icon: IconUserCircle,
  },
  {
    title: 'Contact Us',
    description: 'Questions about sponsorships',
    to: ROUTES.contact.path,
    icon: IconMessageCircle,
  },
];

const placeLinks = SPONSOR_PLACES.map(({ title, to, icon }) => ({ label: title, to, icon }));

/** The enquiries sit beside the products they are sent from. */
export const SPONSOR_SIDEBAR = [
  ...placeLinks.slice(0, 1),
  { label: 'Enquiries', to: ROUTES.sponsorOrders.path, icon: IconMessageQuestion },
  ...placeLinks.slice(1),
  { label: 'Help and Support', to: ROUTES.sponsorSupport.path, icon: IconHelpCircle },
];
