import { ROUTES } from '@portal/contracts/routes';
import { IconClipboardList, IconHelpCircle, IconMessageCircle, IconPackage, IconUserCircle } from '@tabler/icons-react';
import type { DashboardTile } from './dashboard-tiles.tsx';

/** The school's places (spec §2), shared by its dashboard tiles and its sidebar. */
export const SCHOOL_PLACES: DashboardTile[] = [
  { title: 'Products', description: 'View current products', to: ROUTES.products.path, icon: IconPackage },
  { title: 'Orders', description: 'Place and manage orders', to: ROUTES.schoolOrders.path, icon: IconClipboardList },
  { title: 'Profile', description: 'Manage your profile details', to: ROUTES.schoolProfile.path, icon: IconUserCircle },
  {
    title: 'Contact Us',
    description: 'Questions about products and orders',
    to: ROUTES.contact.path,
    icon: IconMessageCircle,
  },
];

export const SCHOOL_SIDEBAR = [
  ...SCHOOL_PLACES.map(({ title, to, icon }) => ({ label: title, to, icon })),
  { label: 'Help and Support', to: ROUTES.schoolSupport.path, icon: IconHelpCircle },
];
